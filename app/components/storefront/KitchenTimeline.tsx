import { Card } from '~/components/storefront/ui';
import type { LiveStatus } from './useLiveStatus';
import { useLanguage, useT } from '~/components/i18n';
import { kitchenLabel } from './kitchenLabel';
import { formatTime12 } from '~/lib/time';

const STEPS = ['submitted', 'received', 'preparing', 'ready', 'collected'];

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
  const t = useT();
  const { intlLocale } = useLanguage();
  if (!progress?.submitted || !progress.state) return null;
  const live = progress.timeline.filter((entry) => !entry.undone);
  const reached = new Map(live.map((entry) => [entry.state, entry]));
  const cancelled = progress.state === 'cancelled';
  const steps = cancelled ? [...live.map((e) => e.state)] : STEPS;
  const label = (state: string) => kitchenLabel(state, orderType, t);
  return (
    <Card className="kitchen-timeline">
      <h2>{t('host.kitchen.title')}</h2>
      <p className="kitchen-timeline__now" role="status" data-testid="kitchen-state">
        {cancelled
          ? t('host.kitchen.cancelled', { reason: progress.cancelReason ?? '' })
          : t('host.kitchen.now', { label: label(progress.state) })}
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
                {entry && timeZone ? formatTime12(new Date(entry.at), timeZone, intlLocale) : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
