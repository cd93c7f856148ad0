import { useState } from 'react';
import { Button, Card, Skeleton } from '../ui';
import { useToast } from '../toast';
import { callApi, type ApiResult } from './api';
import { HOST_MESSAGES } from '~/lib/hosting';
import { formatTime12 } from '~/lib/time';

type Order = {
  id: number;
  status: string;
  orderType: string;
  deadlineAt: string;
  pickupAt: string;
  timeZone: string;
  submittedAt: string | null;
};

/** Submit / reopen and extend for the host; guidance and the ownership claim for everyone else. */
export function HostControls({
  order,
  hasGuests,
  isOwner,
  checked,
  hostToken,
  expired,
  onChanged,
  onError,
}: {
  order: Order;
  hasGuests: boolean;
  isOwner: boolean;
  checked: boolean;
  hostToken: string | null;
  expired: boolean;
  onChanged: () => void;
  onError: (result: ApiResult, fallback: string) => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<null | 'status' | 'extend' | 'claim'>(null);
  const [claimSentTo, setClaimSentTo] = useState<string | null>(null);
  const submitted = order.status === 'submitted';

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
    const result = await callApi<{ deadlineAt: string }>(`/group-orders/${order.id}/extend`, {
      method: 'POST',
      hostToken,
    });
    setBusy(null);
    if (!result.ok) return onError(result, HOST_MESSAGES.updateFailed);
    toast.show({
      title: 'Deadline Extended',
      description: `Guests can now order until ${formatTime12(new Date(result.body.deadlineAt), order.timeZone)}.`,
    });
    onChanged();
  }

  async function claim() {
    setBusy('claim');
    const result = await callApi<{ sent: boolean; sentTo: string }>(`/group-orders/${order.id}/claim`, {
      method: 'POST',
    });
    setBusy(null);
    if (!result.ok) return onError(result, 'We could not send the link. Please try again.');
    setClaimSentTo(result.body.sentTo);
    toast.show({
      title: 'Check your e-mail',
      description: `We sent a one-time link to ${result.body.sentTo}. Open it in this browser within 30 minutes.`,
    });
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
          {submitted
            ? 'The host has sent this group order to the shop. Ask them to reopen it if you still need to change something.'
            : 'Add your own order with the join link. The person who created this order submits it once everyone is in.'}
        </p>
        <p className="muted small">
          Created this order on another device? We will e-mail a one-time link to the host’s address that
          makes this browser the host.
        </p>
        {claimSentTo ? (
          <p className="notice small" role="status">
            Link sent to <strong>{claimSentTo}</strong>. Open it in this browser within 30 minutes.
          </p>
        ) : null}
        <Button variant="secondary" className="btn--block" onClick={claim} disabled={busy === 'claim'}>
          {busy === 'claim' ? 'Sending…' : HOST_MESSAGES.claimButton}
        </Button>
      </Card>
    );
  }

  return (
    <Card className="host-controls">
      <h2>{submitted ? 'Order submitted' : 'Submit the order'}</h2>
      {submitted ? (
        <p className="notice small">
          Sent to the shop
          {order.submittedAt ? ` at ${formatTime12(new Date(order.submittedAt), order.timeZone)}` : ''}.
          Guests can no longer add items. Need a change? Edit the order, then submit it again.
        </p>
      ) : (
        <p className="muted small">
          {hasGuests
            ? expired
              ? 'The deadline has passed. Submit when you are ready, or give people 15 more minutes.'
              : 'Submit once everyone has added their order. Guests cannot add items after that.'
            : 'Nobody has ordered yet. Share the link; you can submit once the first order is in.'}
        </p>
      )}
      {!submitted && new Date(order.deadlineAt) > new Date(order.pickupAt) ? (
        <p className="notice notice--warning small" role="status">
          The ordering deadline is now after the {order.orderType === 'delivery' ? 'delivery' : 'pickup'}{' '}
          time. Let the shop know if the order will be collected later.
        </p>
      ) : null}
      <div className="stack">
        {submitted ? (
          <Button variant="secondary" className="btn--block" onClick={toggleStatus} disabled={busy !== null}>
            {busy === 'status' ? 'Reopening…' : 'Edit This Order'}
          </Button>
        ) : (
          <>
            <Button className="btn--block" onClick={toggleStatus} disabled={!hasGuests || busy !== null}>
              {busy === 'status' ? 'Submitting…' : 'Submit Group Order'}
            </Button>
            <Button variant="ghost" className="btn--block" onClick={extend} disabled={busy !== null}>
              {busy === 'extend' ? 'Extending…' : 'Extend deadline by 15 min'}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
