import { useRevalidator, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '~/components/storefront/toast';
import { sfPath } from '~/lib/paths';
import { timeLeftText } from '~/lib/time';
import type { loader } from '~/routes/apps.group-order.host.dashboard.$id';
import type { useLoaderData } from '@remix-run/react';
import { callApi, forgetHostToken, hostErrorToast, readHostToken, type ApiResult } from './api';
import type { HostDevice } from './HostDevices';
import { useLiveStatus } from '../useLiveStatus';
import { readGuestEmail, saveGuestEmail } from '../guest/guestToken';

// The host dashboard's behaviour: who is looking (the host token is checked with the server once), the
// clock, the toasts said once, the live refresh while guests order, and removing a guest's item.

export type DashboardData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

/** What POST /api/group-orders/{id}/host answers to a host. */
export type HostView = {
  hostName: string;
  hostEmail: string;
  hostInitials: string | null;
  devices: HostDevice[];
};

function useNow(initial: number) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function useHostDashboard(loaded: DashboardData) {
  const { order, guests } = loaded;
  const toast = useToast();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const now = useNow(loaded.now);
  const [token, setToken] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [host, setHost] = useState<HostView | null>(null);
  const deadline = new Date(order.deadlineAt);
  const timeLeft = timeLeftText(deadline, new Date(now));
  const expired = timeLeft === 'Expired';
  const isOwner = loaded.isCreator || Boolean(token);

  // Who is looking: the token in this browser (or the logged-in creator) is checked with the server once.
  useEffect(() => {
    const stored = readHostToken(order.id);
    setToken(stored);
    if (!stored && !loaded.isCreator) {
      setChecked(true);
      return;
    }
    // POST: the token also travels in the body. Only a 403 (the server read the token and refused it)
    // forgets it; a 401 means no credential arrived, which is no reason to throw the token away.
    callApi<HostView>(`/group-orders/${order.id}/host`, { method: 'POST', body: {}, hostToken: stored }).then(
      (result) => {
        if (result.ok) setHost(result.body);
        else if (result.status === 403 || result.status === 401) {
          if (result.status === 403) forgetHostToken(order.id);
          setToken(null);
        }
        setChecked(true);
      },
    );
  }, [order.id, loaded.isCreator]);

  // Said once each, never again after a reopen (whose own toast must stay on screen): on arrival through
  // a claim link, and when the deadline passes with orders in, at arrival or while the page is open.
  const claimedOnArrival = useRef(searchParams.get('claimed') === '1');
  const seenExpired = useRef<boolean | null>(null);
  useEffect(() => {
    if (!checked) return;
    const wasExpired = seenExpired.current;
    seenExpired.current = expired;
    if (claimedOnArrival.current) {
      claimedOnArrival.current = false;
      if (!isOwner) return;
      toast.show(
        order.status === 'active'
          ? {
              title: 'Ready to Submit',
              description: 'This browser now manages the order. Submit it when everyone is in.',
            }
          : {
              title: 'You manage this order',
              description: 'It has already been submitted. Choose Edit This Order if something must change.',
            },
      );
      return;
    }
    if (!isOwner || order.status !== 'active' || !expired || guests.length === 0 || wasExpired) return;
    toast.show({
      title: 'Ready to Submit',
      description: 'The ordering deadline has passed. Submit the group order when you are ready.',
    });
  }, [checked, isOwner, expired, guests.length, order.status, toast]);

  // Live refresh while guests may still be ordering, only when the page is visible.
  useEffect(() => {
    if (order.status !== 'active') return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, 10_000);
    return () => clearInterval(timer);
  }, [order.status, revalidator]);

  // The host's address goes to the menu through this browser's storage, never in the link.
  const addMyOrder = sfPath(`/order/${order.id}`, {
    guest: host?.hostName ?? order.hostName,
    initials: host?.hostInitials ?? order.hostInitials,
  });
  useEffect(() => {
    if (host?.hostEmail && !readGuestEmail(order.id)) saveGuestEmail(order.id, host.hostEmail);
  }, [host?.hostEmail, order.id]);

  // After submit, where the kitchen is (polled while visible). Someone else reopening the order, or the
  // kitchen starting on it, reloads the page's data so its controls match.
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

  // Removing a guest's item asks first, in the app's own dialog (not the browser's confirm box).
  const [removal, setRemoval] = useState<{
    itemId: number;
    what: string;
    guestName: string;
  } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  function askRemove(
    item: { id: number; quantity: number; menuItem: { name: string } },
    guest: { guestName: string },
  ) {
    setRemoval({
      itemId: item.id,
      what: `${item.quantity}x ${item.menuItem.name}`,
      guestName: guest.guestName,
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
      toast.show(hostErrorToast(result, 'Failed to remove the item. Please try again.'));
      return;
    }
    toast.show({
      title: 'Item removed',
      description: `${what} was removed from ${guest.guestName}'s order. ${guest.guestName} is told.`,
    });
    revalidator.revalidate();
  }

  function onForbidden(result: { status: number }) {
    if (result.status === 403) {
      forgetHostToken(order.id);
      setToken(null);
    }
  }

  /** A host action failed: a 403 means this browser's token was refused, so it is forgotten. */
  function onError(result: ApiResult, fallback: string) {
    onForbidden(result);
    toast.show(hostErrorToast(result, fallback));
  }

  /** This browser removed itself from the devices: it is no longer the host. */
  function onRemovedSelf() {
    forgetHostToken(order.id);
    setToken(null);
    setHost(null);
  }

  return {
    now,
    timeLeft,
    expired,
    token,
    checked,
    host,
    isOwner,
    addMyOrder,
    live,
    kitchenState,
    removal,
    askRemove,
    confirmRemove,
    cancelRemove: () => setRemoval(null),
    removing,
    onError,
    onRemovedSelf,
    refresh: () => revalidator.revalidate(),
  };
}
