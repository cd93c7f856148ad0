import { DEFAULT_REMINDER_MINUTES } from '~/lib/hostText';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../host/api';

export type InviteeState = 'invited' | 'joined' | 'ordered' | 'not-ordering';
/** What the server answers the host about the order's invitees and its schedule. */
export type Board = {
  invitees: {
    id: number;
    email: string;
    state: InviteeState;
    stateText: string;
    /** When the last reminder went to them (ISO), shown in the page's language. */
    remindedAt: string | null;
  }[];
  autoSubmit: boolean;
  reminderMinutes: number | null;
  lastReminderAt: string | null;
};

/**
 * The "Who is still missing" board, read again when the dashboard reloads (`refreshKey`), and the schedule
 * form's fields, which only the first answer fills in.
 */
export function useMissingBoard(orderId: number, hostToken: string | null, refreshKey: number) {
  const [board, setBoard] = useState<Board | null>(null);
  const [autoSubmit, setAutoSubmit] = useState(false);
  const [remind, setRemind] = useState(false);
  const [minutes, setMinutes] = useState(String(DEFAULT_REMINDER_MINUTES));

  const load = useCallback(async () => {
    const result = await callApi<Board>(`/group-orders/${orderId}/missing`, { body: {}, hostToken });
    if (result.ok) setBoard(result.body);
    return result;
  }, [orderId, hostToken]);

  useEffect(() => {
    load().then((result) => {
      if (!result.ok) return;
      setAutoSubmit(result.body.autoSubmit);
      setRemind(result.body.reminderMinutes !== null);
      setMinutes(String(result.body.reminderMinutes ?? DEFAULT_REMINDER_MINUTES));
    });
    // Only the first load sets the form; later ones (refreshKey) refresh the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, hostToken]);

  useEffect(() => {
    if (refreshKey) load();
  }, [refreshKey, load]);

  const schedule = { autoSubmit, setAutoSubmit, remind, setRemind, minutes, setMinutes };
  return { board, load, schedule };
}

export type ScheduleForm = ReturnType<typeof useMissingBoard>['schedule'];
