import { useState, type FormEvent } from 'react';
import { Badge, Button, Card } from '../ui';
import { useToast } from '../toast';
import { callApi, type ApiResult } from '../host/api';
import { ReminderMinutes } from './ScheduleFields';
import { useMissingBoard, type Board, type InviteeState, type ScheduleForm } from './useMissingBoard';

// The host's "Who is still missing" card (loaded on demand by the dashboard): everyone invited by e-mail
// with their state, one reminder to all who have not ordered, and the order's schedule (auto-submit at the
// deadline, the automatic reminder N minutes before it). Only the host gets the list from the server.

const TONES: Record<InviteeState, 'success' | 'info' | 'warning' | 'neutral'> = {
  ordered: 'success',
  joined: 'info',
  invited: 'warning',
  'not-ordering': 'neutral',
};

/** How many ordered, declined and are still missing, and each invitee with their state. */
function InviteeList({ board, missing }: { board: Board; missing: number }) {
  const ordered = board.invitees.filter((i) => i.state === 'ordered').length;
  const declined = board.invitees.filter((i) => i.state === 'not-ordering').length;
  return (
    <>
      <p className="muted small" data-testid="missing-summary">
        {ordered} of {board.invitees.length} ordered
        {declined ? ` · ${declined} not ordering` : ''}
        {missing ? ` · ${missing} still missing` : ''}
      </p>
      <ul className="host-missing__list" data-testid="missing-list">
        {board.invitees.map((invitee) => (
          <li key={invitee.id} className="host-missing__item" data-state={invitee.state}>
            <span className="host-missing__email">
              {invitee.email}
              {invitee.remindedText && (invitee.state === 'invited' || invitee.state === 'joined') ? (
                <span className="muted small host-missing__reminded">Reminded {invitee.remindedText}</span>
              ) : null}
            </span>
            <Badge tone={TONES[invitee.state]}>{invitee.stateText}</Badge>
          </li>
        ))}
      </ul>
    </>
  );
}

/** "At the deadline": submit automatically, and remind who has not ordered N minutes before. */
function ScheduleFormFields({
  schedule,
  saving,
  onSubmit,
}: {
  schedule: ScheduleForm;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { autoSubmit, setAutoSubmit, remind, setRemind, minutes, setMinutes } = schedule;
  return (
    <form className="stack host-missing__schedule" onSubmit={onSubmit} noValidate>
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
        <input type="checkbox" name="remind" checked={remind} onChange={(e) => setRemind(e.target.checked)} />
        <span>
          Remind who has not ordered{' '}
          <ReminderMinutes value={minutes} disabled={!remind} onChange={setMinutes} /> minutes before
        </span>
      </label>
      <Button type="submit" variant="ghost" disabled={saving}>
        {saving ? 'Saving…' : 'Save Schedule'}
      </Button>
    </form>
  );
}

/** After a reminder: how many it reached, or that nobody is left to remind. */
function reminderSentText(total: number) {
  return total === 0
    ? 'Everyone you invited has ordered or said they are not ordering.'
    : `We reminded ${total} ${total === 1 ? 'person' : 'people'} who ${total === 1 ? 'has' : 'have'} not ordered yet.`;
}

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
  const { board, load, schedule } = useMissingBoard(orderId, hostToken, refreshKey);
  const [reminding, setReminding] = useState(false);
  const [saving, setSaving] = useState(false);

  if (!board) return null;
  const missing = board.invitees.filter((i) => i.state === 'invited' || i.state === 'joined');

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
    toast.show({ title: 'Reminder sent', description: reminderSentText(result.body.total) });
    load();
  }

  async function saveSchedule(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await callApi<Board>(`/group-orders/${orderId}/schedule`, {
      body: { autoSubmit: schedule.autoSubmit, reminderMinutes: schedule.remind ? schedule.minutes : null },
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
        <InviteeList board={board} missing={missing.length} />
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
          <ScheduleFormFields schedule={schedule} saving={saving} onSubmit={saveSchedule} />
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
