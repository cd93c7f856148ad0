import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '~/components/storefront/api';
import { readGuestToken } from '~/components/storefront/guest/guestToken';
import { useToast } from '~/components/storefront/toast';
import { Button, ButtonLink, Card, EmptyState, Spinner, TextArea } from '~/components/storefront/ui';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import { paymentLabel } from '~/lib/payment';
import { MAX_QUANTITY, MIN_QUANTITY } from '~/lib/pricing';
import { formatDateTime } from '~/lib/time';
import { closedReason, findGroupOrderByParam } from '~/models/groupOrder/groupOrder.server';
import { requireStorefront } from '~/storefront.server';
import { KitchenTimeline } from '~/components/storefront/KitchenTimeline';
import { PageLoading } from '~/components/storefront/guest/PageStatus';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

// The page itself is public (its URL carries the guest's name); the guest's items and note are read by
// the browser with its guest token, so only the browser (or e-mail) that ordered them sees and edits them.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const url = new URL(request.url);
  const guest = (params.guestName ?? '').trim().slice(0, 60);
  const order = guest ? await findGroupOrderByParam(shop, params.groupOrderId) : null;
  if (!order) return data({ found: false as const }, { status: 404 });
  return {
    found: true as const,
    orderId: order.id,
    currency: order.currency,
    hostName: order.hostName,
    orderType: order.orderType,
    timeZone: order.timeZone,
    pickup: formatDateTime(order.pickupAt, order.timeZone),
    payment: paymentLabel(order.paymentMethod),
    open: closedReason(order) === null,
    guest,
    initials: (url.searchParams.get('initials') ?? '').slice(0, 3),
    email: url.searchParams.get('email') ?? '',
  };
});

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

type OwnOrder = {
  mine: true;
  guest: { name: string; initials: string | null; specialInstructions: string | null };
  items: { id: number; name: string; quantity: number; modifiers: string[]; totalCents: number }[];
  totalCents: number;
  acceptingOrders: boolean;
};

export default function ConfirmedPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) {
    return (
      <main className="shell-main shell-main--narrow guest">
        <h1 className="visually-hidden">Order confirmation</h1>
        <EmptyState title="Group order not found">Please check the code and try again.</EmptyState>
      </main>
    );
  }
  return <Confirmed {...loaded} />;
}

function useOwnOrder(orderId: number, guestName: string) {
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

function Confirmed({
  orderId,
  currency,
  guest,
  initials,
  email,
  payment,
  pickup,
  hostName,
  orderType,
  open,
  timeZone,
}: Loaded) {
  const toast = useToast();
  const { state, reload, path } = useOwnOrder(orderId, guest);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const money = (cents: number) => formatMoney(cents, currency, 'en-AU');
  const own = state.status === 'ready' ? state.own : null;
  const name = own?.guest.name ?? guest;
  const editable = Boolean(own?.acceptingOrders && open);
  const menuUrl = sfPath(`/order/${orderId}`, { guest: name, initials, email });
  const savedNote = own?.guest.specialInstructions ?? '';

  async function change(run: () => ReturnType<typeof callApi>, done: string) {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (!result.ok) {
      toast.show({
        title: 'Error',
        description: result.body?.message || 'Your change was not saved. Please try again.',
        tone: 'error',
      });
    } else toast.show({ title: done, description: 'The group order has been updated.' });
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
      'Quantity updated',
    );
  const remove = (id: number) =>
    change(
      () =>
        callApi(`/order-items/${id}`, { method: 'DELETE', body: { guestName: name }, guestToken: token() }),
      'Item removed',
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
    }, 'Note saved');

  return (
    <main className="shell-main shell-main--narrow guest guest-confirmed">
      <PageLoading />
      <header className="confirmed-hero">
        <span className="confirmed-hero__tick" aria-hidden="true">
          ✓
        </span>
        <h1 className="confirmed-hero__title">Order Confirmed!</h1>
        <p className="muted">Thanks, {name}. Your items are in the group order.</p>
      </header>

      {/* Renders once the host has submitted; until then it only checks every 15 s while visible. */}
      <KitchenTimeline orderId={orderId} orderType={orderType} timeZone={timeZone} />

      <Card className="confirmed-items">
        <h2>Your items</h2>
        {state.status === 'loading' ? (
          <Spinner label="Loading your items" />
        ) : state.status === 'denied' ? (
          <p className="notice notice--warning" role="status">
            {state.message}
          </p>
        ) : state.own.items.length === 0 ? (
          <p className="muted">We could not find any confirmed items for {name} in this order yet.</p>
        ) : (
          <ul className="review-lines">
            {state.own.items.map((item) => (
              <li key={item.id} className="review-line review-line--plain">
                <div className="review-line__main">
                  <p className="review-line__name">
                    {item.quantity}x {item.name}
                  </p>
                  {item.modifiers.length ? (
                    <p className="review-line__mods">{item.modifiers.join(', ')}</p>
                  ) : null}
                  {editable ? (
                    <div className="confirmed-edit">
                      <div className="stepper" role="group" aria-label={`Quantity of ${item.name}`}>
                        <button
                          type="button"
                          className="stepper__btn"
                          aria-label={`Decrease ${item.name}`}
                          disabled={busy || item.quantity <= MIN_QUANTITY}
                          onClick={() => setQuantity(item.id, item.quantity - 1)}
                        >
                          −
                        </button>
                        <output className="stepper__value">{item.quantity}</output>
                        <button
                          type="button"
                          className="stepper__btn"
                          aria-label={`Increase ${item.name}`}
                          disabled={busy || item.quantity >= MAX_QUANTITY}
                          onClick={() => setQuantity(item.id, item.quantity + 1)}
                        >
                          +
                        </button>
                      </div>
                      <Button
                        variant="ghost"
                        disabled={busy}
                        aria-label={`Remove ${item.quantity}x ${item.name}`}
                        onClick={() => remove(item.id)}
                      >
                        Remove
                      </Button>
                    </div>
                  ) : null}
                </div>
                <span className="review-line__price">{money(item.totalCents)}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="review-total">
          <span>Total</span>
          <strong>{own ? money(own.totalCents) : '—'}</strong>
        </div>
        <dl className="facts facts--compact">
          <div>
            <dt>Payment method</dt>
            <dd>{payment}</dd>
          </div>
          {savedNote ? (
            <div>
              <dt>Special instructions</dt>
              <dd data-testid="guest-note">{savedNote}</dd>
            </div>
          ) : null}
        </dl>
        {editable && note === null ? (
          <Button variant="ghost" className="confirmed-note__open" onClick={() => setNote(savedNote)}>
            {savedNote ? 'Edit special instructions' : 'Add special instructions'}
          </Button>
        ) : null}
        {editable && note !== null ? (
          <div className="confirmed-note">
            <TextArea
              label="Special instructions"
              placeholder="No onions, extra sauce, etc..."
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
            />
            <div className="row">
              <Button variant="secondary" disabled={busy || note === savedNote} onClick={saveNote}>
                Save note
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => setNote(null)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </Card>

      <Card className="whats-next">
        <h2>What&apos;s Next?</h2>
        <ol className="whats-next__list">
          <li>{hostName} submits the group order once everyone has added their items.</li>
          <li>You will be notified when the order is ready.</li>
          <li>
            {orderType === 'delivery' ? 'Delivery' : 'Pickup'} is at {pickup}.
          </li>
        </ol>
      </Card>

      <div className="review-actions">
        <ButtonLink to={sfPath(`/host/dashboard/${orderId}`)} className="btn--block">
          View Group Status
        </ButtonLink>
        <ButtonLink to={sfPath('/host/create')} variant="secondary" className="btn--block">
          Start New Order
        </ButtonLink>
        {open ? (
          <ButtonLink to={menuUrl} variant="ghost" className="btn--block">
            Add more items
          </ButtonLink>
        ) : null}
      </div>
    </main>
  );
}
