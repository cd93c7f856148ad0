import { Link } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import { Button, Card, Skeleton, TextField } from '../ui';
import { useToast } from '../toast';
import { callApi, type ApiResult } from './api';
import { HOST_MESSAGES } from '~/lib/hostText';
import { sfPath } from '~/lib/paths';
import { formatDateTime, formatTime12, zonedToUtc } from '~/lib/time';
import { extendableMinutes } from '~/lib/deadline';

// Radix Dialog loads when the host taps Submit, not with the dashboard.
const SubmitDialog = lazy(() => import('./SubmitDialog'));

type Order = {
  id: number;
  status: string;
  orderType: string;
  deadlineAt: string;
  pickupAt: string;
  timeZone: string;
  submittedAt: string | null;
  pickupDate: string;
  pickupTime: string;
  totalItems: number;
  /** The shop's pickup notice: the deadline rule (app/lib/deadline.ts) the extend button follows. */
  noticeMinutes: number;
};

/** Spec: 'Submit 14 items from 6 people to Demo Coffee?' */
export function submitQuestion(items: number, people: number, shopName: string) {
  return `Submit ${items} ${items === 1 ? 'item' : 'items'} from ${people} ${people === 1 ? 'person' : 'people'} to ${shopName}?`;
}

/** Submit / reopen and extend for the host; guidance for everyone else (guests never see host buttons). */
export function HostControls({
  order,
  hasGuests,
  guestCount,
  shopName,
  isOwner,
  checked,
  hostToken,
  expired,
  kitchenState = null,
  kitchenLabel = null,
  now,
  onChanged,
  onError,
}: {
  order: Order;
  /** Where the kitchen is once submitted (null: not started); then the order can no longer be reopened. */
  kitchenState?: string | null;
  kitchenLabel?: string | null;
  hasGuests: boolean;
  guestCount: number;
  shopName: string;
  isOwner: boolean;
  checked: boolean;
  hostToken: string | null;
  expired: boolean;
  now: number;
  onChanged: () => void;
  onError: (result: ApiResult, fallback: string) => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<null | 'status' | 'extend'>(null);
  const [asking, setAsking] = useState(false);
  const [pickupDate, setPickupDate] = useState(order.pickupDate);
  const [pickupTime, setPickupTime] = useState(order.pickupTime);
  const [extendProblem, setExtendProblem] = useState<string | null>(null);
  const submitted = order.status === 'submitted';
  const what = order.orderType === 'delivery' ? 'delivery' : 'pickup';
  // Who joined but has not confirmed anything: asked for when the host taps Submit (null while asking).
  const [choosing, setChoosing] = useState<string[] | null>(null);
  const started = submitted && Boolean(kitchenState);

  async function askSubmit() {
    setAsking(true);
    setChoosing(null);
    const result = await callApi<{ choosing?: string[] }>(`/group-orders/${order.id}/missing`, {
      body: {},
      hostToken,
    });
    setChoosing(result.ok ? (result.body.choosing ?? []) : []);
  }
  const movePickup = pickupDate !== order.pickupDate || pickupTime !== order.pickupTime;
  // What "Extend deadline" can really add now, by the rule the server applies (with the new pickup, if moved).
  const newPickupAt = movePickup ? zonedToUtc(pickupDate, pickupTime, order.timeZone) : null;
  const extendBy = extendableMinutes(
    { deadlineAt: order.deadlineAt, pickupAt: newPickupAt ?? order.pickupAt },
    { orderType: order.orderType, noticeMinutes: order.noticeMinutes },
    now,
  );

  async function toggleStatus() {
    setBusy('status');
    const next = submitted ? 'active' : 'submitted';
    // POST (the route also takes the spec's PATCH): the app proxy is only sure to forward GET and POST.
    const result = await callApi(`/group-orders/${order.id}/status`, {
      method: 'POST',
      body: { status: next },
      hostToken,
    });
    setBusy(null);
    if (!result.ok) return onError(result, HOST_MESSAGES.updateFailed);
    toast.show(
      next === 'submitted'
        ? {
            title: HOST_MESSAGES.submitted,
            description: 'The shop has your group order. Guests can no longer add items.',
          }
        : { title: HOST_MESSAGES.reopened, description: 'Guests can add and change items again.' },
    );
    onChanged();
  }

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
          title: 'Deadline not extended',
          description: result.body.message,
          tone: 'error',
        });
      }
      return onError(result, HOST_MESSAGES.updateFailed);
    }
    const until = formatTime12(new Date(result.body.deadlineAt), order.timeZone);
    const pickup = formatTime12(new Date(result.body.pickupAt), order.timeZone);
    toast.show({
      title: 'Deadline Extended',
      description: result.body.capped
        ? `Guests can now order until ${until}, the latest the shop allows for a ${pickup} ${what}.`
        : `Guests can now order until ${until}.${movePickup ? ` ${what === 'pickup' ? 'Pickup' : 'Delivery'} is now at ${pickup}.` : ''}`,
    });
    onChanged();
  }

  if (!checked) {
    return (
      <Card className="host-controls">
        <Skeleton lines={2} />
      </Card>
    );
  }

  if (!isOwner) {
    return (
      <Card className="host-controls host-controls--guest">
        <h2>{submitted ? 'This order has been submitted' : 'Only the host can submit'}</h2>
        <p className="muted small">
          {started
            ? `The shop has this group order (${kitchenLabel ?? 'in progress'}). It can no longer be changed.`
            : submitted
              ? 'The host has sent this group order to the shop. Ask them to reopen it if you still need to change something.'
              : 'Add your own order with the join link. The person who created this order submits it once everyone is in.'}
        </p>
        <p className="muted small">
          Hosting this order from another device? Open the link in the e-mail we sent when you created it, or{' '}
          <Link to={sfPath('/find-order', { method: 'email' })}>get a new link by e-mail</Link>.
        </p>
      </Card>
    );
  }

  return (
    <Card className="host-controls">
      <h2>{submitted ? 'Order submitted' : 'Submit the order'}</h2>
      {started ? (
        <p className="notice small" data-testid="kitchen-started">
          {kitchenState === 'cancelled'
            ? 'The shop cancelled this order, so it cannot be reopened.'
            : `The shop has started on this order (${kitchenLabel ?? 'in progress'}), so it can no longer be reopened or changed here. Please contact the shop if something must change.`}
        </p>
      ) : submitted ? (
        <p className="notice small">
          Sent to the shop
          {order.submittedAt ? ` at ${formatDateTime(new Date(order.submittedAt), order.timeZone)}` : ''}.
          Guests can no longer add items. Need a change? Edit the order, then submit it again.
        </p>
      ) : (
        <p className="muted small">
          {hasGuests
            ? expired
              ? `The deadline has passed. Submit when you are ready${extendBy > 0 ? `, or give people ${extendBy} more minutes` : ''}.`
              : 'Submit once everyone has added their order. Guests cannot add items after that.'
            : 'Nobody has ordered yet. Share the link; you can submit once the first order is in.'}
        </p>
      )}
      {!submitted && new Date(order.deadlineAt) > new Date(order.pickupAt) ? (
        <p className="notice notice--warning small" role="status">
          The ordering deadline is now after the {what} time. Let the shop know if the order will be collected
          later.
        </p>
      ) : null}
      <div className="stack">
        {started ? null : submitted ? (
          <Button variant="secondary" className="btn--block" onClick={toggleStatus} disabled={busy !== null}>
            {busy === 'status' ? 'Reopening…' : 'Edit This Order'}
          </Button>
        ) : (
          <>
            <Button className="btn--block" onClick={askSubmit} disabled={!hasGuests || busy !== null}>
              {busy === 'status' ? 'Submitting…' : 'Submit Group Order'}
            </Button>
            <details className="host-extend">
              <summary>Move the {what} time too</summary>
              <p className="muted small">
                The deadline can be at most the shop&apos;s notice before {what}. Move {what} to give people
                longer.
              </p>
              <div className="grid-2">
                <TextField
                  label={`New ${what} date`}
                  type="date"
                  value={pickupDate}
                  onChange={(event) => setPickupDate(event.target.value)}
                />
                <TextField
                  label={`New ${what} time`}
                  type="time"
                  value={pickupTime}
                  onChange={(event) => setPickupTime(event.target.value)}
                />
              </div>
            </details>
            {extendProblem ? (
              <p className="notice notice--warning small" role="alert" data-testid="extend-problem">
                {extendProblem}
              </p>
            ) : null}
            {extendBy > 0 ? (
              <Button variant="ghost" className="btn--block" onClick={extend} disabled={busy !== null}>
                {busy === 'extend' ? 'Extending…' : `Extend deadline by ${extendBy} min`}
              </Button>
            ) : (
              <p className="muted small" data-testid="extend-none">
                The deadline is already the latest the shop allows
                {what === 'pickup'
                  ? ` (${order.noticeMinutes} minutes before pickup, to prepare the order)`
                  : ' (the delivery time)'}
                . Move the {what} time to give people longer.
              </p>
            )}
          </>
        )}
      </div>
      {asking ? (
        <Suspense fallback={null}>
          <SubmitDialog
            question={submitQuestion(order.totalItems, guestCount, shopName)}
            choosing={choosing}
            onSubmit={() => {
              setAsking(false);
              toggleStatus();
            }}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
