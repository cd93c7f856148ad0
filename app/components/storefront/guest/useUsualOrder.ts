import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { callApi } from '~/components/storefront/api';
import type { LoadUsualOrderBody, UsualItem } from '~/lib/schemas/usualOrder';
import { ensureDeviceKey, readGuestToken } from './guestToken';
import type { Avoid } from '~/lib/allergens';

// The usual order of the guest's address on the menu page: loaded with this browser's proof, and the
// e-mailed link that proves this browser may use it. Saving it and turning it back into cart lines happen on
// a guest's tap, in usualOrderActions.ts, loaded then.

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
