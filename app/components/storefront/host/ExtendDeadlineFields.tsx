import { Button, TextField } from '../ui';
import { useT } from '~/components/i18n';
import type { ExtendDeadline, HostBusy } from './useExtendDeadline';

// Under "Submit Group Order": moving the pickup (or delivery) time, and extending the deadline.

/** "Move the pickup time too": a new date and time, folded away until the host opens it. */
function MovePickupFields({ what, extension }: { what: string; extension: ExtendDeadline }) {
  const t = useT();
  return (
    <details className="host-extend">
      <summary>{t('host.extend.moveToo', { type: what })}</summary>
      <p className="muted small">{t('host.extend.moveHint', { type: what })}</p>
      <div className="grid-2">
        <TextField
          label={t('host.extend.newDate', { type: what })}
          type="date"
          value={extension.pickupDate}
          onChange={(event) => extension.setPickupDate(event.target.value)}
        />
        <TextField
          label={t('host.extend.newTime', { type: what })}
          type="time"
          value={extension.pickupTime}
          onChange={(event) => extension.setPickupTime(event.target.value)}
        />
      </div>
    </details>
  );
}

/** The move fields, the server's reason when it refused, and the extend button (or why there is none). */
export function ExtendDeadlineFields({
  what,
  noticeMinutes,
  busy,
  extension,
}: {
  what: string;
  noticeMinutes: number;
  busy: HostBusy;
  extension: ExtendDeadline;
}) {
  const { extendBy, extendProblem } = extension;
  const t = useT();
  return (
    <>
      <MovePickupFields what={what} extension={extension} />
      {extendProblem ? (
        <p className="notice notice--warning small" role="alert" data-testid="extend-problem">
          {extendProblem}
        </p>
      ) : null}
      {extendBy > 0 ? (
        <Button variant="ghost" className="btn--block" onClick={extension.extend} disabled={busy !== null}>
          {busy === 'extend' ? t('host.extend.extending') : t('host.extend.by', { minutes: extendBy })}
        </Button>
      ) : (
        <p className="muted small" data-testid="extend-none">
          {what === 'pickup'
            ? t('host.extend.nonePickup', { minutes: noticeMinutes })
            : t('host.extend.noneDelivery')}
        </p>
      )}
    </>
  );
}
