import { useCallback, useEffect, useState } from 'react';
import { callApi } from '~/components/storefront/api';
import { readGuestToken } from './guestToken';
import type { Allergen, Avoid, Diet } from '~/lib/allergens';

// The guest's own confirmed items, as the menu, review and confirmed pages read them. Apart from the
// confirmed page's behaviour (useConfirmedOrder.ts), which the menu and review do not load.

/** The guest's share as the API answers it: what it is made of, where it stands, their pay link. */
export type OwnShare = {
  itemsCents: number;
  feesCents: number;
  tipCents: number;
  guestCents: number;
  companyCents: number;
  status: string;
  refundedCents?: number;
  payUrl: string | null;
  /** Left out at submit: the items that were. */
  leftOut?: string[];
  paidCents?: number;
};

export type OwnOrder = {
  mine: true;
  guest: {
    name: string;
    initials: string | null;
    specialInstructions: string | null;
    hasEmail: boolean;
    avoids: Avoid[];
  };
  items: {
    id: number;
    name: string;
    quantity: number;
    modifiers: string[];
    /** This line's own note ("heated"). */
    note?: string | null;
    /** The line as made, kept when it was confirmed. */
    allergens: Allergen[];
    diets: Diet[];
    totalCents: number;
  }[];
  removedByHost: { text: string; at: string }[];
  totalCents: number;
  acceptingOrders: boolean;
  /** The guest's share where guests pay online (issue 25); null when the company pays it all. */
  share?: OwnShare | null;
};

/** The guest's own confirmed items, read with this browser's guest token (the menu and review show them too). */
export function useOwnOrder(orderId: number, guestName: string) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'denied'; message: string } | { status: 'ready'; own: OwnOrder }
  >({ status: 'loading' });
  const path = `/group-orders/${orderId}/guests/${encodeURIComponent(guestName)}`;
  const load = useCallback(async () => {
    const result = await callApi<OwnOrder | { mine: false; message: string }>(path, {
      guestToken: readGuestToken(orderId),
    });
    if (result.ok && result.body.mine) setState({ status: 'ready', own: result.body });
    else
      setState({
        status: 'denied',
        message: result.body?.message || 'We could not load your items. Please reload the page.',
      });
  }, [orderId, path]);
  useEffect(() => {
    load();
  }, [load]);
  return { state, reload: load, path };
}
