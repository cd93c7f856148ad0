import { DEFAULT_REMINDER_MINUTES } from '~/lib/hostText';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Badge, Button, Card } from '../ui';
import { useToast } from '../toast';
import { callApi, type ApiResult } from '../host/api';
import { ReminderMinutes } from './ScheduleFields';

// The host's "Who is still missing" card (loaded on demand by the dashboard): everyone invited by e-mail
// with their state, one reminder to all who have not ordered, and the order's schedule (auto-submit at the
// deadline, the automatic reminder N minutes before it). Only the host gets the list from the server.

type State = 'invited' | 'joined' | 'ordered' | 'not-ordering';
type Board = {
  invitees: { id: number; email: string; state: State; stateText: string; remindedText: string | null }[];
  autoSubmit: boolean;
  reminderMinutes: number | null;
  lastReminderText: string | null;
};

const TONES: Record<State, 'success' | 'info' | 'warning' | 'neutral'> = {
  ordered: 'success',
  joined: 'info',
  invited: 'warning',
  'not-ordering': 'neutral',
};

export default function WhoIsMissing({
  orderId,
  hostToken,
  active,
  expired,
  refreshKey,
  onError,
}: {
  orderId: number;
  hostToken: string | null;
  active: boolean;
  expired: boolean;
  /** Changes when the dashboard reloads its data, so the states stay current. */
  refreshKey: number;
  onError: (result: ApiResult, fallback: string) => void;
}) {
  const toast = useToast();
  const [board, setBoard] = useState<Board | null>(null);
  const [reminding, setReminding] = useState(false);
  const [saving, setSaving] = useState(false);
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

  if (!board) return null;
  const missing = board.invitees.filter((i) => i.state === 'invited' || i.state === 'joined');
  const ordered = board.invitees.filter((i) => i.state === 'ordered').length;
  const declined = board.invitees.filter((i) => i.state === 'not-ordering').length;

  async function sendReminder() {
    setReminding(true);
    const result = await callApi<{ sent: number; total: number }>(`/group-orders/${orderId}/remind`, {
      body: {},
      hostToken,
    });
    setReminding(false);
    // Too soon after the last one: the server says when the next can go, which is all there is to say.
    if (result.status === 429 && result.body?.message) {
      return toast.show({ title: 'Reminder already sent', description: result.body.message, tone: 'error' });
    }
    if (!result.ok) return onError(result, 'We could not send the reminder. Please try again.');
    const { total } = result.body;
    toast.show({
      title: 'Reminder sent',
      description:
        total === 0
          ? 'Everyone you invited has ordered or said they are not ordering.'
          : `We reminded ${total} ${total === 1 ? 'person' : 'people'} who ${total === 1 ? 'has' : 'have'} not ordered yet.`,
    });
    load();
  }

  async function saveSchedule(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await callApi<Board>(`/group-orders/${orderId}/schedule`, {
      body: { autoSubmit, reminderMinutes: remind ? minutes : null },
      hostToken,
    });
    setSaving(false);
    if (!result.ok) return onError(result, 'We could not save the schedule. Please try again.');
    toast.show({ title: 'Schedule saved', description: scheduleText(result.body) });
    load();
  }

  return (
    <Card className="host-missing">
      <h2>Who is still missing</h2>
      {board.invitees.length === 0 ? (
        <p className="muted">Invite people by e-mail to see here who has ordered and who is still missing.</p>
      ) : (
        <>
          <p className="muted small" data-testid="missing-summary">
            {ordered} of {board.invitees.length} ordered
            {declined ? ` · ${declined} not ordering` : ''}
            {missing.length ? ` · ${missing.length} still missing` : ''}
          </p>
          <ul className="host-missing__list" data-testid="missing-list">
            {board.invitees.map((invitee) => (
              <li key={invitee.id} className="host-missing__item" data-state={invitee.state}>
                <span className="host-missing__email">
                  {invitee.email}
                  {invitee.remindedText && (invitee.state === 'invited' || invitee.state === 'joined') ? (
                    <span className="muted small host-missing__reminded">
                      Reminded {invitee.remindedText}
                    </span>
                  ) : null}
                </span>
                <Badge tone={TONES[invitee.state]}>{invitee.stateText}</Badge>
              </li>
            ))}
          </ul>
        </>
      )}
      {active ? (
        <>
          <Button
            variant="secondary"
            className="btn--block"
            onClick={sendReminder}
            disabled={reminding || missing.length === 0 || expired}
          >
            {reminding ? 'Sending…' : 'Send a Reminder'}
          </Button>
          {board.lastReminderText ? (
            <p className="muted small">Last reminder sent {board.lastReminderText}.</p>
          ) : null}
          <form className="stack host-missing__schedule" onSubmit={saveSchedule} noValidate>
            <h3>At the deadline</h3>
            <label className="check">
              <input
                type="checkbox"
                name="autoSubmit"
                checked={autoSubmit}
                onChange={(e) => setAutoSubmit(e.target.checked)}
              />
              <span>Submit the order automatically</span>
            </label>
            <label className="check">
              <input
                type="checkbox"
                name="remind"
                checked={remind}
                onChange={(e) => setRemind(e.target.checked)}
              />
              <span>
                Remind who has not ordered{' '}
                <ReminderMinutes value={minutes} disabled={!remind} onChange={setMinutes} /> minutes before
              </span>
            </label>
            <Button type="submit" variant="ghost" disabled={saving}>
              {saving ? 'Saving…' : 'Save Schedule'}
            </Button>
          </form>
        </>
      ) : null}
    </Card>
  );
}

export function scheduleText(schedule: Pick<Board, 'autoSubmit' | 'reminderMinutes'>) {
  const submit = schedule.autoSubmit
    ? 'The order submits itself at the deadline if anyone has ordered.'
    : 'You will get an e-mail at the deadline to submit the order.';
  const remind = schedule.reminderMinutes
    ? ` Everyone who has not ordered gets a reminder ${schedule.reminderMinutes} minutes before.`
    : '';
  return `${submit}${remind}`;
}
