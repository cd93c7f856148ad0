import { useRevalidator, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '~/components/storefront/toast';
import { useT } from '~/components/i18n';
import { kitchenLabel } from '~/components/storefront/kitchenLabel';
import { sfPath } from '~/lib/paths';
import { timeLeftText } from '~/lib/time';
import type { loader } from '~/routes/apps.group-order.host.dashboard.$id';
import type { useLoaderData } from '@remix-run/react';
import { forgetHostToken, hostErrorToast, type ApiResult } from './api';
import { readGuestEmail, saveGuestEmail } from '../guest/guestToken';
import { useKitchenStatus, useOrderingRefresh } from './useDashboardRefresh';
import { useHostCheck } from './useHostCheck';
import { useItemRemoval } from './useItemRemoval';

// The host dashboard's behaviour: who is looking (the host token is checked with the server once:
// useHostCheck), the clock, the toasts said once, the live refresh while guests order and the kitchen
// works (useDashboardRefresh), and removing a guest's item (useItemRemoval).

export type DashboardData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

function useNow(initial: number) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Said once each, never again after a reopen (whose own toast must stay on screen): on arrival through
 * a claim link, and when the deadline passes with orders in, at arrival or while the page is open.
 */
function useArrivalToasts({
  checked,
  isOwner,
  expired,
  guestCount,
  status,
  toast,
}: {
  checked: boolean;
  isOwner: boolean;
  expired: boolean;
  guestCount: number;
  status: string;
  toast: ReturnType<typeof useToast>;
}) {
  const [searchParams] = useSearchParams();
  const t = useT();
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
        status === 'active'
          ? { title: t('host.arrival.ready'), description: t('host.arrival.claimedActive') }
          : { title: t('host.arrival.managed'), description: t('host.arrival.claimedSubmitted') },
      );
      return;
    }
    if (!isOwner || status !== 'active' || !expired || guestCount === 0 || wasExpired) return;
    toast.show({
      title: t('host.arrival.ready'),
      description: t('host.arrival.expired'),
    });
  }, [checked, isOwner, expired, guestCount, status, toast, t]);
}

export function useHostDashboard(loaded: DashboardData) {
  const { order, guests } = loaded;
  const toast = useToast();
  const t = useT();
  const revalidator = useRevalidator();
  const now = useNow(loaded.now);
  const { token, setToken, checked, host, setHost } = useHostCheck(order.id, loaded.isCreator);
  const deadline = new Date(order.deadlineAt);
  const timeLeft = timeLeftText(deadline, new Date(now), t);
  const expired = deadline.getTime() <= now;
  const isOwner = loaded.isCreator || Boolean(token);
  useArrivalToasts({ checked, isOwner, expired, guestCount: guests.length, status: order.status, toast });
  useOrderingRefresh(order.status, revalidator);

  // The host's address goes to the menu through this browser's storage, never in the link.
  const addMyOrder = sfPath(`/order/${order.id}`, {
    guest: host?.hostName ?? order.hostName,
    initials: host?.hostInitials ?? order.hostInitials,
  });
  useEffect(() => {
    if (host?.hostEmail && !readGuestEmail(order.id)) saveGuestEmail(order.id, host.hostEmail);
  }, [host?.hostEmail, order.id]);

  const { live, kitchenState } = useKitchenStatus(order, revalidator);
  // Where the kitchen is, in the page's language (the server's label is English).
  const liveLabel = live?.state ? kitchenLabel(live.state, order.orderType, t) : null;

  function onForbidden(result: { status: number }) {
    if (result.status === 403) {
      forgetHostToken(order.id);
      setToken(null);
    }
  }
  const removal = useItemRemoval({ token, toast, revalidator, onForbidden, t });

  /** A host action failed: a 403 means this browser's token was refused, so it is forgotten. */
  function onError(result: ApiResult, fallback: string) {
    onForbidden(result);
    toast.show(hostErrorToast(result, fallback, t));
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
    liveLabel,
    kitchenState,
    ...removal,
    onError,
    onRemovedSelf,
    refresh: () => revalidator.revalidate(),
  };
}
