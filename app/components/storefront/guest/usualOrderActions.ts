import type { Dispatch, SetStateAction } from 'react';
import type { useToast } from '~/components/storefront/toast';
import { callApi } from '~/components/storefront/api';
import { makeLine, type CartLine, type DraftCart, type MenuItemView } from '~/lib/cart';
import { isAllowedFor, type MenuModifier } from '~/lib/modifiers';
import type { SaveUsualOrderBody, UsualItem } from '~/lib/schemas/usualOrder';
import type { Avoid } from '~/lib/allergens';
import type { Translate } from '~/lib/language';
import type { useUsualOrder } from './useUsualOrder';

// What the menu page does with the usual order when the guest taps Save or Load: loaded on that tap, not
// with the page, with the modifier rules it needs (docs/decisions/2026-11-27-page-weight-lazy.md).

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
