import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { useToast } from '~/components/storefront/toast';
import { callApi } from '~/components/storefront/api';
import { makeLine, type CartLine, type DraftCart, type MenuItemView } from '~/lib/cart';
import { isAllowedFor, type MenuModifier } from '~/lib/modifiers';
import type { LoadUsualOrderBody, SaveUsualOrderBody, UsualItem } from '~/lib/schemas/usualOrder';
import { ensureDeviceKey, readGuestToken } from './guestToken';
import type { Avoid } from '~/lib/allergens';
import type { Translate } from '~/lib/language';

// The usual order of the guest's address on the menu page: loaded with this browser's proof, saved from the
// cart, turned back into cart lines, and the e-mailed link that proves this browser may use it.

/** The usual order's lines for items still on the menu, keeping only the choices each item still allows. */
export function usualLines(
  usual: UsualItem[] | null,
  menu: { items: MenuItemView[]; modifiers: MenuModifier[] },
): CartLine[] {
  const itemsById = new Map(menu.items.map((item) => [item.id, item]));
  const modifiersById = new Map(menu.modifiers.map((m) => [m.id, m]));
  return (usual ?? []).flatMap((saved) => {
    const item = itemsById.get(saved.id);
    if (!item) return [];
    const modifiers = saved.selectedModifiers
      .map((id) => modifiersById.get(id))
      .filter((m): m is NonNullable<typeof m> => Boolean(m) && isAllowedFor(m!, item.category))
      .map((m) => ({ id: m.id, name: m.name, type: m.type, priceDeltaCents: m.priceDeltaCents }));
    return [makeLine(item, modifiers, saved.quantity)];
  });
}

/**
 * The address's usual order as this browser may read it (`proofNeeded` until the guest follows the
 * e-mailed link `requestLink` sends). `setBusy` is the page's one busy flag, shared with saving.
 */
export function useUsualOrder({
  orderId,
  guest,
  email,
  setBusy,
}: {
  orderId: number;
  guest: string;
  email: string;
  setBusy: Dispatch<SetStateAction<boolean>>;
}) {
  const [usual, setUsual] = useState<UsualItem[] | null>(null);
  const [usualAvoids, setUsualAvoids] = useState<Avoid[]>([]);
  const [proofNeeded, setProofNeeded] = useState(false);
  const [linkMessage, setLinkMessage] = useState<string | null>(null);

  /** The proof that this browser may use the address's usual order (usualOrders.server.ts). */
  const proof = useCallback(
    () => ({ deviceKey: ensureDeviceKey(), groupOrderId: orderId, guestToken: readGuestToken(orderId) }),
    [orderId],
  );
  const fetchUsual = useCallback(async () => {
    if (!email) return;
    const { guestToken, ...rest } = proof();
    const body: LoadUsualOrderBody = { email, ...rest };
    const result = await callApi<{ items: UsualItem[]; avoids: Avoid[] }>('/usual-order/load', {
      method: 'POST',
      body,
      guestToken,
    });
    if (result.ok) {
      setUsual(result.body.items);
      setUsualAvoids(result.body.avoids);
      setProofNeeded(false);
    } else if (result.body.reason === 'proof-needed') setProofNeeded(true);
  }, [email, proof]);
  useEffect(() => {
    fetchUsual();
  }, [fetchUsual]);

  async function requestLink() {
    setBusy(true);
    const result = await callApi<{ message: string }>(`/group-orders/${orderId}/guest-link`, {
      method: 'POST',
      body: { guestName: guest, email },
    });
    setBusy(false);
    setLinkMessage(result.body.message || 'We could not send the link. Please try again.');
  }

  const savedCount = (usual ?? []).reduce((sum, item) => sum + item.quantity, 0);
  return {
    usual,
    usualAvoids,
    savedCount,
    proofNeeded,
    setProofNeeded,
    linkMessage,
    requestLink,
    proof,
    fetchUsual,
  };
}

type UsualOrder = ReturnType<typeof useUsualOrder>;

/** Saves the cart as the address's usual order and tells the guest how it went (in the page's words, `t`). */
export async function saveUsualOrder({
  email,
  guest,
  cart,
  avoids,
  usualOrder,
  setBusy,
  toast,
  t,
}: {
  email: string;
  guest: string;
  cart: DraftCart;
  /** What the guest avoids, remembered with the usual order; undefined: they never said (kept as saved). */
  avoids: readonly Avoid[] | undefined;
  usualOrder: UsualOrder;
  setBusy: Dispatch<SetStateAction<boolean>>;
  toast: ReturnType<typeof useToast>;
  t: Translate;
}) {
  if (!cart.lines.length || !email || !guest) {
    toast.show({ title: t('toast.cannotSave'), description: t('toast.cannotSaveText'), tone: 'error' });
    return;
  }
  setBusy(true);
  try {
    const { guestToken, ...rest } = usualOrder.proof();
    const body: SaveUsualOrderBody = {
      ...rest,
      email,
      name: guest,
      avoids: avoids ? [...avoids] : undefined,
      orderItems: cart.lines.map((line) => ({
        id: line.menuItemId,
        name: line.name,
        quantity: line.quantity,
        selectedModifiers: line.modifiers.map((m) => m.id),
      })),
    };
    const response = await callApi('/usual-order', { method: 'POST', body, guestToken });
    if (response.body.reason === 'proof-needed') {
      usualOrder.setProofNeeded(true);
      toast.show({ title: t('toast.cannotSave'), description: response.body.message ?? '', tone: 'error' });
      return;
    }
    if (!response.ok) throw new Error(`${response.status}: ${response.body.message ?? ''}`);
    await usualOrder.fetchUsual();
    toast.show({ title: t('toast.usualSaved'), description: t('toast.usualSavedText') });
  } catch {
    toast.show({ title: t('toast.error'), description: t('toast.usualFailed'), tone: 'error' });
  } finally {
    setBusy(false);
  }
}
