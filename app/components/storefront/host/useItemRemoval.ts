import type { useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import type { useToast } from '~/components/storefront/toast';
import type { Translate } from '~/lib/language';
import { callApi, hostErrorToast } from './api';

/**
 * The host removes a guest's item: asked first, in the app's own dialog (not the browser's confirm box);
 * the guest is told. `onForbidden` forgets a token the server refused.
 */
export function useItemRemoval({
  token,
  toast,
  revalidator,
  onForbidden,
  t,
}: {
  t: Translate;
  token: string | null;
  toast: ReturnType<typeof useToast>;
  revalidator: ReturnType<typeof useRevalidator>;
  onForbidden: (result: { status: number }) => void;
}) {
  const [removal, setRemoval] = useState<{
    itemId: number;
    what: string;
    guestName: string;
    /** The guest paid their share online: the item's money goes back to them (issue 25). */
    refunded?: boolean;
  } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  function askRemove(
    item: { id: number; quantity: number; menuItem: { name: string } },
    guest: { guestName: string; payment?: string | null },
  ) {
    setRemoval({
      itemId: item.id,
      what: `${item.quantity}x ${item.menuItem.name}`,
      guestName: guest.guestName,
      refunded: guest.payment === 'paid' || guest.payment === 'partly',
    });
  }
  async function confirmRemove() {
    if (!removal) return;
    setRemoval(null);
    await removeGuestItem(removal.itemId, removal.what, { guestName: removal.guestName });
  }
  async function removeGuestItem(itemId: number, what: string, guest: { guestName: string }) {
    const item = { id: itemId };
    setRemoving(item.id);
    const result = await callApi(`/order-items/${item.id}`, { method: 'DELETE', body: {}, hostToken: token });
    setRemoving(null);
    if (!result.ok) {
      onForbidden(result);
      toast.show(hostErrorToast(result, t('host.remove.failed'), t));
      return;
    }
    toast.show({
      title: t('host.remove.done'),
      description: t('host.remove.doneBody', { what, guest: guest.guestName }),
    });
    revalidator.revalidate();
  }
  return { removal, askRemove, confirmRemove, cancelRemove: () => setRemoval(null), removing };
}
