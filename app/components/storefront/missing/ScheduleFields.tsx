import { DEFAULT_REMINDER_MINUTES } from '~/lib/hostText';
import { Card, FieldError } from '../ui';
import { useT } from '~/components/i18n';

// On the create form: what happens at the deadline. Same choices as the dashboard's "Who is still
// missing" card, where the host can change them later.

export type ScheduleChoice = { autoSubmit: boolean; remind: boolean; minutes: string };

export const DEFAULT_SCHEDULE: ScheduleChoice = {
  autoSubmit: false,
  remind: false,
  minutes: String(DEFAULT_REMINDER_MINUTES),
};

/** The create call's fields for this choice. */
export function scheduleBody(choice: ScheduleChoice) {
  return { autoSubmit: choice.autoSubmit, reminderMinutes: choice.remind ? choice.minutes : null };
}

/** How many minutes before the deadline the automatic reminder goes out (create form and dashboard). */
export function ReminderMinutes({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange: (minutes: string) => void;
}) {
  const t = useT();
  return (
    <input
      className="input host-missing__minutes"
      type="number"
      inputMode="numeric"
      min={1}
      max={1440}
      name="reminderMinutes"
      aria-label={t('host.schedule.minutesLabel')}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function ScheduleFields({
  value,
  onChange,
  error,
}: {
  value: ScheduleChoice;
  onChange: (next: ScheduleChoice) => void;
  error?: string;
}) {
  const t = useT();
  return (
    <Card className="host-schedule">
      <h2>{t('host.schedule.title')}</h2>
      <div className="stack">
        <label className="check">
          <input
            type="checkbox"
            name="autoSubmit"
            checked={value.autoSubmit}
            onChange={(e) => onChange({ ...value, autoSubmit: e.target.checked })}
          />
          <span>
            {t('host.schedule.autoSubmit')}
            <span className="muted small" style={{ display: 'block' }}>
              {t('host.schedule.autoSubmitHint')}
            </span>
          </span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="remind"
            checked={value.remind}
            onChange={(e) => onChange({ ...value, remind: e.target.checked })}
          />
          <span>
            {t('host.schedule.remindInvited')}{' '}
            <ReminderMinutes
              value={value.minutes}
              disabled={!value.remind}
              onChange={(minutes) => onChange({ ...value, minutes })}
            />{' '}
            {t('host.schedule.minutesBefore')}
          </span>
        </label>
        <FieldError error={error} />
      </div>
    </Card>
  );
}
