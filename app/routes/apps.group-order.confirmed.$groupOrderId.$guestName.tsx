import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ButtonLink, Card, EmptyState } from '~/components/storefront/ui';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import { paymentLabel } from '~/lib/payment';
import { formatDateTime } from '~/lib/time';
import { closedReason, findGroupOrderByParam, parseModifiers } from '~/models/groupOrder.server';
import { findGuestItems } from '~/models/orderItems.server';
import { requireStorefront } from '~/storefront.server';
import { PageLoading } from '~/components/storefront/guest/PageStatus';
import guestCss from '~/styles/guest.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const url = new URL(request.url);
  const guest = (params.guestName ?? '').trim();
  const order = guest ? await findGroupOrderByParam(shop, params.groupOrderId) : null;
  if (!order) return data({ found: false as const }, { status: 404 });
  const items = await findGuestItems(shop, order.id, guest);
  const money = (cents: number) => formatMoney(cents, order.currency, 'en-AU');
  return {
    found: true as const,
    orderId: order.id,
    hostName: order.hostName,
    orderType: order.orderType,
    pickup: formatDateTime(order.pickupAt, order.timeZone),
    payment: paymentLabel(order.paymentMethod),
    open: closedReason(order) === null,
    guest: items[0]?.guestName ?? guest,
    initials: (url.searchParams.get('initials') ?? '').slice(0, 3),
    email: url.searchParams.get('email') ?? '',
    items: items.map((item) => ({
      id: item.id,
      quantity: item.quantity,
      name: item.menuItemName,
      modifiers: parseModifiers(item.selectedModifiers)
        .map((m) => m.name)
        .join(', '),
      price: money(item.totalCents),
    })),
    total: money(items.reduce((sum, item) => sum + item.totalCents, 0)),
    instructions: [
      ...new Set(
        items.map((item) => item.specialInstructions).filter((note): note is string => Boolean(note)),
      ),
    ],
  };
}

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
  const {
    orderId,
    guest,
    initials,
    email,
    items,
    total,
    payment,
    instructions,
    pickup,
    hostName,
    orderType,
    open,
  } = loaded;
  const menuUrl = sfPath(`/order/${orderId}`, { guest, initials, email });

  return (
    <main className="shell-main shell-main--narrow guest guest-confirmed">
      <PageLoading />
      <header className="confirmed-hero">
        <span className="confirmed-hero__tick" aria-hidden="true">
          ✓
        </span>
        <h1 className="confirmed-hero__title">Order Confirmed!</h1>
        <p className="muted">Thanks, {guest}. Your items are in the group order.</p>
      </header>

      <Card className="confirmed-items">
        <h2>Your items</h2>
        {items.length === 0 ? (
          <p className="muted">We could not find any confirmed items for {guest} in this order yet.</p>
        ) : (
          <ul className="review-lines">
            {items.map((item) => (
              <li key={item.id} className="review-line review-line--plain">
                <div className="review-line__main">
                  <p className="review-line__name">
                    {item.quantity}x {item.name}
                  </p>
                  {item.modifiers ? <p className="review-line__mods">{item.modifiers}</p> : null}
                </div>
                <span className="review-line__price">{item.price}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="review-total">
          <span>Total</span>
          <strong>{total}</strong>
        </div>
        <dl className="facts facts--compact">
          <div>
            <dt>Payment method</dt>
            <dd>{payment}</dd>
          </div>
          {instructions.length ? (
            <div>
              <dt>Special instructions</dt>
              <dd>{instructions.join(' · ')}</dd>
            </div>
          ) : null}
        </dl>
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
