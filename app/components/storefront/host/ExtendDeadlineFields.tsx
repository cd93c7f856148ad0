import { Button, TextField } from '../ui';
import type { ExtendDeadline, HostBusy } from './useExtendDeadline';

// Under "Submit Group Order": moving the pickup (or delivery) time, and extending the deadline.

/** "Move the pickup time too": a new date and time, folded away until the host opens it. */
function MovePickupFields({ what, extension }: { what: string; extension: ExtendDeadline }) {
  return (
    <details className="host-extend">
      <summary>Move the {what} time too</summary>
      <p className="muted small">
        The deadline can be at most the shop&apos;s notice before {what}. Move {what} to give people longer.
      </p>
      <div className="grid-2">
        <TextField
          label={`New ${what} date`}
          type="date"
          value={extension.pickupDate}
          onChange={(event) => extension.setPickupDate(event.target.value)}
        />
        <TextField
          label={`New ${what} time`}
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
          {busy === 'extend' ? 'Extending…' : `Extend deadline by ${extendBy} min`}
        </Button>
      ) : (
        <p className="muted small" data-testid="extend-none">
          The deadline is already the latest the shop allows
          {what === 'pickup'
            ? ` (${noticeMinutes} minutes before pickup, to prepare the order)`
            : ' (the delivery time)'}
          . Move the {what} time to give people longer.
        </p>
      )}
    </>
  );
}
