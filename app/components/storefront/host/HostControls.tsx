import { Link } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import { Button, Card, Skeleton } from '../ui';
import type { ApiResult } from './api';
import { sfPath } from '~/lib/paths';
import { formatDateTime } from '~/lib/time';
import { ExtendDeadlineFields } from './ExtendDeadlineFields';
import {
  useExtendDeadline,
  type ExtendableOrder,
  type ExtendDeadline,
  type HostBusy,
} from './useExtendDeadline';
import { useHostSubmit, type HostSubmit } from './useHostSubmit';

// Radix Dialog loads when the host taps Submit, not with the dashboard.
const SubmitDialog = lazy(() => import('./SubmitDialog'));

type Order = ExtendableOrder & {
  status: string;
  submittedAt: string | null;
  totalItems: number;
};

/** Spec: 'Submit 14 items from 6 people to Demo Coffee?' */
export function submitQuestion(items: number, people: number, shopName: string) {
  return `Submit ${items} ${items === 1 ? 'item' : 'items'} from ${people} ${people === 1 ? 'person' : 'people'} to ${shopName}?`;
}

/** For everyone but the host: who submits, where the order is, and how a host on another device gets in. */
function NotHostNotice({
  submitted,
  started,
  kitchenLabel,
}: {
  submitted: boolean;
  started: boolean;
  kitchenLabel: string | null;
}) {
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

/** Where the order stands for the host: started in the kitchen, sent to the shop, or what submitting does. */
function SubmitStateNote({
  order,
  submitted,
  started,
  kitchenState,
  kitchenLabel,
  hasGuests,
  expired,
  extendBy,
}: {
  order: Order;
  submitted: boolean;
  started: boolean;
  kitchenState: string | null;
  kitchenLabel: string | null;
  hasGuests: boolean;
  expired: boolean;
  extendBy: number;
}) {
  if (started) {
    return (
      <p className="notice small" data-testid="kitchen-started">
        {kitchenState === 'cancelled'
          ? 'The shop cancelled this order, so it cannot be reopened.'
          : `The shop has started on this order (${kitchenLabel ?? 'in progress'}), so it can no longer be reopened or changed here. Please contact the shop if something must change.`}
      </p>
    );
  }
  if (submitted) {
    return (
      <p className="notice small">
        Sent to the shop
        {order.submittedAt ? ` at ${formatDateTime(new Date(order.submittedAt), order.timeZone)}` : ''}.
        Guests can no longer add items. Need a change? Edit the order, then submit it again.
      </p>
    );
  }
  return (
    <p className="muted small">
      {hasGuests
        ? expired
          ? `The deadline has passed. Submit when you are ready${extendBy > 0 ? `, or give people ${extendBy} more minutes` : ''}.`
          : 'Submit once everyone has added their order. Guests cannot add items after that.'
        : 'Nobody has ordered yet. Share the link; you can submit once the first order is in.'}
    </p>
  );
}

/** "Edit This Order" once submitted; before that, "Submit Group Order" and the deadline's extension. */
function SubmitButtons({
  submitted,
  hasGuests,
  busy,
  what,
  noticeMinutes,
  actions,
  extension,
}: {
  submitted: boolean;
  hasGuests: boolean;
  busy: HostBusy;
  what: string;
  noticeMinutes: number;
  actions: HostSubmit;
  extension: ExtendDeadline;
}) {
  if (submitted) {
    return (
      <Button
        variant="secondary"
        className="btn--block"
        onClick={actions.toggleStatus}
        disabled={busy !== null}
      >
        {busy === 'status' ? 'Reopening…' : 'Edit This Order'}
      </Button>
    );
  }
  return (
    <>
      <Button className="btn--block" onClick={actions.askSubmit} disabled={!hasGuests || busy !== null}>
        {busy === 'status' ? 'Submitting…' : 'Submit Group Order'}
      </Button>
      <ExtendDeadlineFields what={what} noticeMinutes={noticeMinutes} busy={busy} extension={extension} />
    </>
  );
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
  const [busy, setBusy] = useState<HostBusy>(null);
  const submitted = order.status === 'submitted';
  const actions = useHostSubmit({ orderId: order.id, submitted, hostToken, setBusy, onChanged, onError });
  const extension = useExtendDeadline({ order, hostToken, now, setBusy, onChanged, onError });
  const what = order.orderType === 'delivery' ? 'delivery' : 'pickup';
  const started = submitted && Boolean(kitchenState);

  if (!checked) {
    return (
      <Card className="host-controls">
        <Skeleton lines={2} />
      </Card>
    );
  }

  if (!isOwner) return <NotHostNotice submitted={submitted} started={started} kitchenLabel={kitchenLabel} />;

  return (
    <Card className="host-controls">
      <h2>{submitted ? 'Order submitted' : 'Submit the order'}</h2>
      <SubmitStateNote
        {...{ order, submitted, started, kitchenState, kitchenLabel, hasGuests, expired }}
        extendBy={extension.extendBy}
      />
      {!submitted && new Date(order.deadlineAt) > new Date(order.pickupAt) ? (
        <p className="notice notice--warning small" role="status">
          The ordering deadline is now after the {what} time. Let the shop know if the order will be collected
          later.
        </p>
      ) : null}
      <div className="stack">
        {started ? null : (
          <SubmitButtons
            {...{ submitted, hasGuests, busy, what, actions, extension }}
            noticeMinutes={order.noticeMinutes}
          />
        )}
      </div>
      {actions.asking ? (
        <Suspense fallback={null}>
          <SubmitDialog
            question={submitQuestion(order.totalItems, guestCount, shopName)}
            choosing={actions.choosing}
            onSubmit={() => {
              actions.setAsking(false);
              actions.toggleStatus();
            }}
            onCancel={() => actions.setAsking(false)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
