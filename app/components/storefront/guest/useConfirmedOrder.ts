import type { useLoaderData } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '~/components/storefront/api';
import { useToast } from '~/components/storefront/toast';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import type { loader } from '~/routes/apps.group-order.confirmed.$groupOrderId.$guestName';
import { readGuestToken } from './guestToken';
import type { Allergen, Avoid, Diet } from '~/lib/allergens';
import { useGuestEmail } from './useGuestEmail';
import { useLanguage, useT } from '~/components/i18n';

// The confirmed page's behaviour: the guest's own items and note, read with the guest token, and the
// changes (quantity, remove, note) while the order still takes them.

export type ConfirmedData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

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
  share?: {
    itemsCents: number;
    feesCents: number;
    tipCents: number;
    guestCents: number;
    companyCents: number;
    status: string;
    payUrl: string | null;
  } | null;
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

/** The order changed since the page loaded (the host may have removed one of ours): read our items again. */
function useReloadOnChange(changedAt: string | null, reload: () => void) {
  const seenChange = useRef(changedAt);
  useEffect(() => {
    if (!changedAt || seenChange.current === changedAt) return;
    const first = seenChange.current === null;
    seenChange.current = changedAt;
    if (!first) reload();
  }, [changedAt, reload]);
}

export function useConfirmedOrder(
  { orderId, currency, guest, initials }: ConfirmedData,
  /** The order still takes changes, as the page last heard (useLiveStatus). */
  open: boolean,
  /** Changes when the order changed on the server (someone confirmed, the host removed an item...). */
  changedAt: string | null,
) {
  const toast = useToast();
  const t = useT();
  const { state, reload, path } = useOwnOrder(orderId, guest);
  const email = useGuestEmail(orderId);
  useReloadOnChange(changedAt, reload);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const { intlLocale } = useLanguage();
  const money = (cents: number) => formatMoney(cents, currency, intlLocale);
  const own = state.status === 'ready' ? state.own : null;
  const name = own?.guest.name ?? guest;
  const editable = Boolean(own?.acceptingOrders && open);
  const menuUrl = sfPath(`/order/${orderId}`, { guest: name, initials });
  const savedNote = own?.guest.specialInstructions ?? '';

  async function change(run: () => ReturnType<typeof callApi>, done: string) {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (!result.ok) {
      toast.show({
        title: t('toast.error'),
        description: result.body?.message || t('toast.changeFailed'),
        tone: 'error',
      });
    } else toast.show({ title: t(done), description: t('toast.updated') });
    await reload();
  }

  const token = () => readGuestToken(orderId);
  const setQuantity = (id: number, quantity: number) =>
    change(
      () =>
        callApi(`/order-items/${id}`, {
          method: 'PATCH',
          body: { guestName: name, quantity },
          guestToken: token(),
        }),
      'toast.quantityUpdated',
    );
  const remove = (id: number) =>
    change(
      () =>
        callApi(`/order-items/${id}`, { method: 'DELETE', body: { guestName: name }, guestToken: token() }),
      'toast.itemRemoved',
    );
  const saveNote = () =>
    change(async () => {
      const result = await callApi(path, {
        method: 'PATCH',
        body: { specialInstructions: note ?? '' },
        guestToken: token(),
      });
      if (result.ok) setNote(null);
      return result;
    }, 'toast.noteSaved');

  return {
    orderId,
    email,
    state,
    busy,
    note,
    setNote,
    money,
    own,
    name,
    editable,
    menuUrl,
    savedNote,
    setQuantity,
    remove,
    saveNote,
  };
}

export type ConfirmedPage = ReturnType<typeof useConfirmedOrder>;
