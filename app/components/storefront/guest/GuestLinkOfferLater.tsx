import { lazy, Suspense, type ComponentProps } from 'react';

// The e-mailed-link offer shows only after a refusal the page learns of in the browser (a name taken by
// someone else's order, items this browser may not read): its code loads then, not with the page.
const Offer = lazy(() => import('./GuestLinkOffer').then((m) => ({ default: m.GuestLinkOffer })));

/** GuestLinkOffer, loaded when first shown (join, review, confirmed). */
export function GuestLinkOfferLater(props: ComponentProps<typeof Offer>) {
  return (
    <Suspense fallback={null}>
      <Offer {...props} />
    </Suspense>
  );
}
