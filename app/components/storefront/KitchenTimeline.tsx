import { Card } from '~/components/storefront/ui';
import type { LiveStatus } from './useLiveStatus';

const STEPS = ['submitted', 'received', 'preparing', 'ready', 'collected'];

function timeOf(iso: string, timeZone?: string) {
  return new Date(iso).toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit', timeZone });
}

/**
 * Where a submitted order is in the kitchen: the shop's steps with the time each was reached. The page
 * keeps `progress` current (useLiveStatus: the app proxy cannot stream, so it asks while visible).
 */
export function KitchenTimeline({
  progress,
  orderType,
  timeZone,
}: {
  progress: LiveStatus | null;
  orderType: string;
  timeZone?: string;
}) {
  if (!progress?.submitted || !progress.state) return null;
  const live = progress.timeline.filter((entry) => !entry.undone);
  const reached = new Map(live.map((entry) => [entry.state, entry]));
  const cancelled = progress.state === 'cancelled';
  const steps = cancelled ? [...live.map((e) => e.state)] : STEPS;
  const label = (state: string) =>
    reached.get(state)?.label ??
    (state === 'collected' && orderType === 'delivery'
      ? 'Delivered'
      : state.charAt(0).toUpperCase() + state.slice(1));
  return (
    <Card className="kitchen-timeline">
      <h2>Order progress</h2>
      <p className="kitchen-timeline__now" role="status" data-testid="kitchen-state">
        {cancelled ? `Cancelled: ${progress.cancelReason ?? ''}` : `Now: ${progress.label}`}
      </p>
      <ol className="kitchen-steps">
        {steps.map((state) => {
          const entry = reached.get(state);
          return (
            <li
              key={state}
              className={`kitchen-step ${entry ? 'is-done' : ''} ${state === progress.state ? 'is-current' : ''}`}
            >
              <span className="kitchen-step__dot" aria-hidden="true" />
              <span className="kitchen-step__label">{label(state)}</span>
              <span className="kitchen-step__time muted small">
                {entry ? timeOf(entry.at, timeZone) : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
