import type { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useLiveStatus } from '../useLiveStatus';

// Keeping the host dashboard's data current: while guests may order, and after submit while the kitchen works.

type Revalidator = ReturnType<typeof useRevalidator>;

/** Live refresh while guests may still be ordering, only when the page is visible. */
export function useOrderingRefresh(status: string, revalidator: Revalidator) {
  useEffect(() => {
    if (status !== 'active') return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, 10_000);
    return () => clearInterval(timer);
  }, [status, revalidator]);
}

/**
 * After submit, where the kitchen is (polled while visible). Someone else reopening the order, or the
 * kitchen starting on it, reloads the page's data so its controls match.
 */
export function useKitchenStatus(
  order: { id: number; status: string; kitchenState: string | null },
  revalidator: Revalidator,
) {
  const live = useLiveStatus(order.id, { enabled: order.status === 'submitted' });
  // The status answer says "submitted" for an order the kitchen has not touched; the order row says null.
  const liveKitchen = live && live.state !== 'submitted' ? live.state : null;
  const kitchenState = live ? liveKitchen : order.kitchenState;
  const actedOn = useRef<typeof live>(null);
  useEffect(() => {
    // Once per answer, so a stale answer can never reload the page over and over.
    if (!live || actedOn.current === live || order.status !== 'submitted') return;
    if (live.status !== order.status || liveKitchen !== (order.kitchenState ?? null)) {
      actedOn.current = live;
      revalidator.revalidate();
    }
  }, [live, liveKitchen, order.status, order.kitchenState, revalidator]);
  return { live, kitchenState };
}
