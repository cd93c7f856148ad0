import { lazy, Suspense, type ComponentProps } from 'react';

// The guest's confirmed items arrive from the API once the page is up (they are read with the guest's
// token, kept in the browser), never in the server's HTML: the card's code loads when there is one to show.
const ConfirmedSoFarCard = lazy(() => import('./ConfirmedSoFarCard'));

/**
 * What the guest already confirmed, beside a new cart (menu and review): after "Add more items" or the
 * back button the draft is empty, and without this the order looks gone, so people ordered twice.
 */
export function ConfirmedSoFar(props: ComponentProps<typeof ConfirmedSoFarCard>) {
  if (!props.own || props.own.items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmedSoFarCard {...props} />
    </Suspense>
  );
}
