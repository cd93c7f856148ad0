import { lazy, Suspense } from 'react';
import { Card, Skeleton } from '../ui';
import type { OwnerControlsProps } from './OwnerControls';

// What this card holds depends on who is looking, which the page learns after it loads (useHostCheck):
// the host's controls, or for everyone else who submits and how a host on another device gets in. Each
// loads once the answer is in, not with the dashboard; the card keeps its skeleton meanwhile.
const OwnerControls = lazy(() => import('./OwnerControls'));
const NotHostNotice = lazy(() => import('./NotHostNotice'));

function ControlsSkeleton() {
  return (
    <Card className="host-controls">
      <Skeleton lines={2} />
    </Card>
  );
}

/** Submit / reopen and extend for the host; guidance for everyone else (guests never see host buttons). */
export function HostControls({
  isOwner,
  checked,
  ...controls
}: OwnerControlsProps & { isOwner: boolean; checked: boolean }) {
  if (!checked) return <ControlsSkeleton />;
  const submitted = controls.order.status === 'submitted';
  return (
    <Suspense fallback={<ControlsSkeleton />}>
      {isOwner ? (
        <OwnerControls {...controls} />
      ) : (
        <NotHostNotice
          submitted={submitted}
          started={submitted && Boolean(controls.kitchenState)}
          kitchenLabel={controls.kitchenLabel ?? null}
        />
      )}
    </Suspense>
  );
}
