import { useNavigate, type useLoaderData } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { useToast } from '~/components/storefront/toast';
import { callApi } from '~/components/storefront/api';
import {
  addLine,
  itemCount,
  makeLine,
  removeLine,
  replaceLines,
  type CartLine,
  type MenuItemView,
} from '~/lib/cart';
import { formatMoney } from '~/lib/money';
import { isAllowedFor } from '~/lib/modifiers';
import { sfPath } from '~/lib/paths';
import type { LoadUsualOrderBody, SaveUsualOrderBody, UsualItem } from '~/lib/schemas/usualOrder';
import type { loader } from '~/routes/apps.group-order.order.$groupOrderId';
import { useNow } from './Countdown';
import { useDraftCart } from './useDraftCart';
import { useOwnOrder } from './useConfirmedOrder';
import { useLiveStatus } from '../useLiveStatus';
import { ensureDeviceKey, readGuestToken } from './guestToken';
import { useGuestEmail } from './useGuestEmail';

// The menu page's behaviour: the clock, the guest's draft cart, the customise dialog's item, the usual
// order (save and load) and going on to review.

export type MenuData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

export function useMenuPage({
  order,
  closedMessage,
  expiredMessage,
  menu,
  guest,
  initials,
  now: serverNow,
}: MenuData) {
  // The address stays in this browser (never in a URL); the usual order loads with this browser's proof.
  const email = useGuestEmail(order.id);
  const toast = useToast();
  const navigate = useNavigate();
  const now = useNow(serverNow);
  const { cart, ready, removed, update } = useDraftCart(order.id, guest, menu);
  const [customising, setCustomising] = useState<MenuItemView | null>(null);
  const [usual, setUsual] = useState<UsualItem[] | null>(null);
  const [proofNeeded, setProofNeeded] = useState(false);
  const [linkMessage, setLinkMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = useCallback((cents: number) => formatMoney(cents, order.currency, 'en-AU'), [order.currency]);
  // The order as the server says now (polled while the page is visible): the host may submit, reopen or
  // extend the deadline while the guest is choosing.
  const live = useLiveStatus(order.id);
  const deadlineAt = live?.deadlineAt ?? order.deadlineAt;
  const status = live?.status ?? order.status;
  const expired = new Date(deadlineAt).getTime() <= now.getTime();
  const closed = (live ? live.closedMessage : closedMessage) ?? (expired ? expiredMessage : null);
  // What this guest already confirmed (read with their guest token), shown beside the new cart.
  const own = useOwnOrder(order.id, guest).state;

  /** The proof that this browser may use the address's usual order (usualOrders.server.ts). */
  const proof = useCallback(
    () => ({ deviceKey: ensureDeviceKey(), groupOrderId: order.id, guestToken: readGuestToken(order.id) }),
    [order.id],
  );
  const fetchUsual = useCallback(async () => {
    if (!email) return;
    const { guestToken, ...rest } = proof();
    const body: LoadUsualOrderBody = { email, ...rest };
    const result = await callApi<UsualItem[]>('/usual-order/load', { method: 'POST', body, guestToken });
    if (result.ok) {
      setUsual(result.body);
      setProofNeeded(false);
    } else if (result.body.reason === 'proof-needed') setProofNeeded(true);
  }, [email, proof]);
  useEffect(() => {
    fetchUsual();
  }, [fetchUsual]);

  async function requestLink() {
    setBusy(true);
    const result = await callApi<{ message: string }>(`/group-orders/${order.id}/guest-link`, {
      method: 'POST',
      body: { guestName: guest, email },
    });
    setBusy(false);
    setLinkMessage(result.body.message || 'We could not send the link. Please try again.');
  }

  function addToOrder(line: CartLine) {
    update((current) => addLine(current, line));
    setCustomising(null);
    toast.show({
      title: 'Added to order',
      description: `${line.quantity}x ${line.name} has been added to your order.`,
    });
  }

  async function saveUsual() {
    if (!cart.lines.length || !email || !guest) {
      toast.show({
        title: 'Cannot save',
        description: 'Please add items to your order and ensure your email is provided.',
        tone: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      const { guestToken, ...rest } = proof();
      const body: SaveUsualOrderBody = {
        ...rest,
        email,
        name: guest,
        orderItems: cart.lines.map((line) => ({
          id: line.menuItemId,
          name: line.name,
          quantity: line.quantity,
          selectedModifiers: line.modifiers.map((m) => m.id),
        })),
      };
      const response = await callApi('/usual-order', { method: 'POST', body, guestToken });
      if (response.body.reason === 'proof-needed') {
        setProofNeeded(true);
        toast.show({ title: 'Cannot save', description: response.body.message ?? '', tone: 'error' });
        return;
      }
      if (!response.ok) throw new Error(`${response.status}: ${response.body.message ?? ''}`);
      await fetchUsual();
      toast.show({
        title: 'Usual order saved',
        description: 'Your current order has been saved for future use.',
      });
    } catch {
      toast.show({
        title: 'Error',
        description: 'Failed to save usual order. Please try again.',
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  function loadUsual() {
    const itemsById = new Map(menu.items.map((item) => [item.id, item]));
    const modifiersById = new Map(menu.modifiers.map((m) => [m.id, m]));
    const lines = (usual ?? []).flatMap((saved) => {
      const item = itemsById.get(saved.id);
      if (!item) return [];
      const modifiers = saved.selectedModifiers
        .map((id) => modifiersById.get(id))
        .filter((m): m is NonNullable<typeof m> => Boolean(m) && isAllowedFor(m!, item.category))
        .map((m) => ({ id: m.id, name: m.name, type: m.type, priceDeltaCents: m.priceDeltaCents }));
      return [makeLine(item, modifiers, saved.quantity)];
    });
    const next = replaceLines(lines);
    update(() => next);
    const count = itemCount(next);
    toast.show({ title: 'Usual order loaded', description: `${count} items added to your order.` });
  }

  function review() {
    if (!cart.lines.length) {
      toast.show({
        title: 'Empty Order',
        description: 'Please add some items to your order first.',
        tone: 'error',
      });
      return;
    }
    navigate(sfPath(`/review/${order.id}/${encodeURIComponent(guest)}`, { initials }));
  }

  const savedCount = (usual ?? []).reduce((sum, item) => sum + item.quantity, 0);
  const removeFromOrder = (key: string) => update((current) => removeLine(current, key));

  return {
    email,
    proofNeeded,
    linkMessage,
    requestLink,
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
    savedCount,
    addToOrder,
    saveUsual,
    loadUsual,
    review,
    removeFromOrder,
  };
}
