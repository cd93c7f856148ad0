import { useState, type Dispatch, type SetStateAction } from 'react';
import { useToast } from '../toast';
import { useLanguage, useT } from '~/components/i18n';
import { callApi, type ApiResult } from './api';
import { formatTime12, zonedToUtc } from '~/lib/time';
import { extendableMinutes } from '~/lib/deadline';

/** What extending the deadline needs to know of the order. */
export type ExtendableOrder = {
  id: number;
  orderType: string;
  deadlineAt: string;
  pickupAt: string;
  timeZone: string;
  pickupDate: string;
  pickupTime: string;
  /** The shop's pickup notice: the deadline rule (app/lib/deadline.ts) the extend button follows. */
  noticeMinutes: number;
};

export type HostBusy = null | 'status' | 'extend';

/**
 * "Extend deadline": by how much it can, by the rule the server applies, with the pickup (or delivery)
 * moved too when the host changed its date or time; the server's reason kept beside the form when it says no.
 */
export function useExtendDeadline({
  order,
  hostToken,
  now,
  setBusy,
  onChanged,
  onError,
}: {
  order: ExtendableOrder;
  hostToken: string | null;
  now: number;
  setBusy: Dispatch<SetStateAction<HostBusy>>;
  onChanged: () => void;
  onError: (result: ApiResult, fallback: string) => void;
}) {
  const toast = useToast();
  const t = useT();
  const { intlLocale } = useLanguage();
  const [pickupDate, setPickupDate] = useState(order.pickupDate);
  const [pickupTime, setPickupTime] = useState(order.pickupTime);
  const [extendProblem, setExtendProblem] = useState<string | null>(null);
  const what = order.orderType === 'delivery' ? 'delivery' : 'pickup';
  const movePickup = pickupDate !== order.pickupDate || pickupTime !== order.pickupTime;
  // What "Extend deadline" can really add now, by the rule the server applies (with the new pickup, if moved).
  const newPickupAt = movePickup ? zonedToUtc(pickupDate, pickupTime, order.timeZone) : null;
  const extendBy = extendableMinutes(
    { deadlineAt: order.deadlineAt, pickupAt: newPickupAt ?? order.pickupAt },
    { orderType: order.orderType, noticeMinutes: order.noticeMinutes },
    now,
  );

  async function extend() {
    setBusy('extend');
    setExtendProblem(null);
    const result = await callApi<{ deadlineAt: string; pickupAt: string; capped: boolean }>(
      `/group-orders/${order.id}/extend`,
      { method: 'POST', body: movePickup ? { pickupDate, pickupTime } : {}, hostToken },
    );
    setBusy(null);
    if (!result.ok) {
      // The server says why (pickup too close, notice too short): keep it beside the form, not only in a toast.
      if ((result.status === 400 || result.status === 409) && result.body.message) {
        setExtendProblem(result.body.message);
        return toast.show({
          title: t('host.extend.notExtended'),
          description: result.body.message,
          tone: 'error',
        });
      }
      return onError(result, t('host.msg.updateFailed'));
    }
    const until = formatTime12(new Date(result.body.deadlineAt), order.timeZone, intlLocale);
    const pickup = formatTime12(new Date(result.body.pickupAt), order.timeZone, intlLocale);
    const said = { until, pickup, type: what };
    toast.show({
      title: t('host.extend.extended'),
      description: t(
        result.body.capped
          ? 'host.extend.capped'
          : movePickup
            ? 'host.extend.untilMoved'
            : 'host.extend.until',
        said,
      ),
    });
    onChanged();
  }

  return { pickupDate, setPickupDate, pickupTime, setPickupTime, extendProblem, extendBy, extend };
}

export type ExtendDeadline = ReturnType<typeof useExtendDeadline>;
