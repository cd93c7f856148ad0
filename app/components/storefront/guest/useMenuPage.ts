import { useNavigate, type useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useToast } from '~/components/storefront/toast';
import { addLine, itemCount, removeLine, replaceLines, type CartLine, type MenuItemView } from '~/lib/cart';
import { sfPath } from '~/lib/paths';
import type { loader } from '~/routes/apps.group-order.order.$groupOrderId';
import { useNow } from './Countdown';
import { useDraftCart } from './useDraftCart';
import { useOwnOrder } from './useOwnOrder';
import { useLiveStatus } from '../useLiveStatus';
import { useGuestEmail } from './useGuestEmail';
import { useUsualOrder } from './useUsualOrder';
import { useAvoids } from './useAvoids';
import { useMoney, useT } from '~/components/i18n';

// The menu page's behaviour: the clock, the guest's draft cart, the customise dialog's item, the usual
// order (save and load: useUsualOrder.ts) and going on to review.

export type MenuData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

/**
 * The order as the server says now (polled while the page is visible): the host may submit, reopen or
 * extend the deadline while the guest is choosing. `closed`: why ordering is closed, if it is.
 */
function useOrderStatus(
  { order, closedMessage, expiredMessage }: Pick<MenuData, 'order' | 'closedMessage' | 'expiredMessage'>,
  now: Date,
) {
  const live = useLiveStatus(order.id);
  const deadlineAt = live?.deadlineAt ?? order.deadlineAt;
  const status = live?.status ?? order.status;
  const expired = new Date(deadlineAt).getTime() <= now.getTime();
  const closed = (live ? live.closedMessage : closedMessage) ?? (expired ? expiredMessage : null);
  return { deadlineAt, status, closed };
}

export function useMenuPage(loaded: MenuData) {
  const { order, menu, guest, initials, now: serverNow } = loaded;
  // The address stays in this browser (never in a URL); the usual order loads with this browser's proof.
  const email = useGuestEmail(order.id);
  const toast = useToast();
  const navigate = useNavigate();
  const now = useNow(serverNow);
  const { cart, ready, removed, update } = useDraftCart(order.id, guest, menu);
  const [customising, setCustomising] = useState<MenuItemView | null>(null);
  const [busy, setBusy] = useState(false);
  const money = useMoney(order.currency);
  const t = useT();
  const { deadlineAt, status, closed } = useOrderStatus(loaded, now);
  // What this guest already confirmed (read with their guest token), shown beside the new cart.
  const own = useOwnOrder(order.id, guest).state;
  const usualOrder = useUsualOrder({ orderId: order.id, guest, email, setBusy });
  // What the guest avoids: marks the menu, and is remembered with the usual order.
  const { avoids, setAvoids, said } = useAvoids();

  function addToOrder(line: CartLine) {
    update((current) => addLine(current, line));
    setCustomising(null);
    toast.show({
      title: t('menu.added'),
      description: t('menu.addedText', { quantity: line.quantity, item: line.name }),
    });
  }

  const saveUsual = async () => {
    const { saveUsualOrder } = await import('./usualOrderActions');
    await saveUsualOrder({
      email,
      guest,
      cart,
      avoids: said ? avoids : undefined,
      usualOrder,
      setBusy,
      toast,
      t,
    });
  };

  async function loadUsual() {
    const { usualLines } = await import('./usualOrderActions');
    const next = replaceLines(usualLines(usualOrder.usual, menu));
    update(() => next);
    if (usualOrder.usualAvoids.length) setAvoids(usualOrder.usualAvoids);
    const count = itemCount(next);
    toast.show({ title: t('toast.usualLoaded'), description: t('toast.usualLoadedText', { count }) });
  }

  function review() {
    if (!cart.lines.length) {
      toast.show({ title: t('toast.emptyOrder'), description: t('toast.emptyOrderText'), tone: 'error' });
      return;
    }
    navigate(sfPath(`/review/${order.id}/${encodeURIComponent(guest)}`, { initials }));
  }

  const removeFromOrder = (key: string) => update((current) => removeLine(current, key));

  return {
    email,
    avoids,
    setAvoids,
    proofNeeded: usualOrder.proofNeeded,
    linkMessage: usualOrder.linkMessage,
    requestLink: usualOrder.requestLink,
    now,
    status,
    deadlineAt,
    own: own.status === 'ready' ? own.own : null,
    cart,
    ready,
    removed,
    customising,
    setCustomising,
    busy,
    money,
    closed,
    savedCount: usualOrder.savedCount,
    addToOrder,
    saveUsual,
    loadUsual,
    review,
    removeFromOrder,
  };
}
