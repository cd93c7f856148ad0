import { useState, type FormEvent } from 'react';
import { Badge, Button, Card } from '../ui';
import { useToast } from '../toast';
import { useLanguage, useT } from '~/components/i18n';
import { formatDateTime } from '~/lib/time';
import type { Translate } from '~/lib/language';
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
function InviteeList({
  board,
  missing,
  when,
}: {
  board: Board;
  missing: number;
  when: (iso: string) => string;
}) {
  const ordered = board.invitees.filter((i) => i.state === 'ordered').length;
  const declined = board.invitees.filter((i) => i.state === 'not-ordering').length;
  const t = useT();
  return (
    <>
      <p className="muted small" data-testid="missing-summary">
        {t('host.missing.ordered', { ordered, total: board.invitees.length })}
        {declined ? t('host.missing.declined', { count: declined }) : ''}
        {missing ? t('host.missing.missing', { count: missing }) : ''}
      </p>
      <ul className="host-missing__list" data-testid="missing-list">
        {board.invitees.map((invitee) => (
          <li key={invitee.id} className="host-missing__item" data-state={invitee.state}>
            <span className="host-missing__email">
              {invitee.email}
              {invitee.remindedAt && (invitee.state === 'invited' || invitee.state === 'joined') ? (
                <span className="muted small host-missing__reminded">
                  {t('host.missing.reminded', { when: when(invitee.remindedAt) })}
                </span>
              ) : null}
            </span>
            <Badge tone={TONES[invitee.state]}>{t(`host.missing.state.${invitee.state}`)}</Badge>
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
  const t = useT();
  return (
    <form className="stack host-missing__schedule" onSubmit={onSubmit} noValidate>
      <h3>{t('host.schedule.title')}</h3>
      <label className="check">
        <input
          type="checkbox"
          name="autoSubmit"
          checked={autoSubmit}
          onChange={(e) => setAutoSubmit(e.target.checked)}
        />
        <span>{t('host.schedule.autoSubmit')}</span>
      </label>
      <label className="check">
        <input type="checkbox" name="remind" checked={remind} onChange={(e) => setRemind(e.target.checked)} />
        <span>
          {t('host.schedule.remind')}{' '}
          <ReminderMinutes value={minutes} disabled={!remind} onChange={setMinutes} />{' '}
          {t('host.schedule.minutesBefore')}
        </span>
      </label>
      <Button type="submit" variant="ghost" disabled={saving}>
        {saving ? t('host.missing.saving') : t('host.missing.save')}
      </Button>
    </form>
  );
}

/** After a reminder: how many it reached, or that nobody is left to remind. */
function reminderSentText(total: number, t: Translate) {
  return total === 0 ? t('host.missing.everyoneDone') : t('host.missing.reminderSent', { count: total });
}

type WhoIsMissingProps = {
  orderId: number;
  /** The order's time zone, for when reminders went out. */
  timeZone: string;
  hostToken: string | null;
  active: boolean;
  expired: boolean;
  /** Changes when the dashboard reloads its data, so the states stay current. */
  refreshKey: number;
  onError: (result: ApiResult, fallback: string) => void;
};

export default function WhoIsMissing(props: WhoIsMissingProps) {
  const { orderId, hostToken, active, expired, refreshKey, timeZone, onError } = props;
  const toast = useToast();
  const t = useT();
  const { intlLocale } = useLanguage();
  const when = (iso: string) => formatDateTime(new Date(iso), timeZone, intlLocale);
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
      return toast.show({
        title: t('host.missing.alreadySent'),
        description: result.body.message,
        tone: 'error',
      });
    }
    if (!result.ok) return onError(result, t('host.missing.remindFailed'));
    toast.show({ title: t('host.missing.sentTitle'), description: reminderSentText(result.body.total, t) });
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
    if (!result.ok) return onError(result, t('host.missing.saveFailed'));
    toast.show({ title: t('host.missing.saved'), description: scheduleText(result.body, t) });
    load();
  }

  return (
    <Card className="host-missing">
      <h2>{t('host.missing.title')}</h2>
      {board.invitees.length === 0 ? (
        <p className="muted">{t('host.missing.empty')}</p>
      ) : (
        <InviteeList board={board} missing={missing.length} when={when} />
      )}
      {active ? (
        <>
          <Button
            variant="secondary"
            className="btn--block"
            onClick={sendReminder}
            disabled={reminding || missing.length === 0 || expired}
          >
            {reminding ? t('host.missing.sending') : t('host.missing.remind')}
          </Button>
          {board.lastReminderAt ? (
            <p className="muted small">
              {t('host.missing.lastReminder', { when: when(board.lastReminderAt) })}
            </p>
          ) : null}
          <ScheduleFormFields schedule={schedule} saving={saving} onSubmit={saveSchedule} />
        </>
      ) : null}
    </Card>
  );
}

function scheduleText(schedule: Pick<Board, 'autoSubmit' | 'reminderMinutes'>, t: Translate) {
  const submit = t(schedule.autoSubmit ? 'host.missing.autoSubmitOn' : 'host.missing.autoSubmitOff');
  const remind = schedule.reminderMinutes
    ? ` ${t('host.missing.reminderOn', { minutes: schedule.reminderMinutes })}`
    : '';
  return `${submit}${remind}`;
}
