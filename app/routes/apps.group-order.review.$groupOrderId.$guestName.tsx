import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData, useNavigate, useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useNow, Countdown } from '~/components/storefront/guest/Countdown';
import { GuestTopBar } from '~/components/storefront/guest/OrderHero';
import { menuTitle } from '~/lib/groupOrder';
import type { ConfirmCartBody } from '~/lib/schemas/orderItems';
import { modifierText } from '~/components/storefront/guest/OrderCard';
import { useDraftCart } from '~/components/storefront/guest/useDraftCart';
import { ensureGuestToken } from '~/components/storefront/guest/guestToken';
import { callApi } from '~/components/storefront/api';
import { useToast } from '~/components/storefront/toast';
import {
  Button,
  ButtonLink,
  Card,
  EmptyState,
  PageHeader,
  Spinner,
  TextArea,
} from '~/components/storefront/ui';
import { cartTotalCents, itemCount } from '~/lib/cart';
import { itemsInOrderText, noteDraftKey } from '~/lib/guests';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import { formatDateTime } from '~/lib/time';
import {
  closedMessage,
  closedText,
  findGroupOrderByParam,
  serializeGroupOrder,
} from '~/models/groupOrder/groupOrder.server';
import { getMenu } from '~/models/menu/menu.server';
import { requireStorefront } from '~/storefront.server';
import { PageLoading, RemovedNotice } from '~/components/storefront/guest/PageStatus';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const url = new URL(request.url);
  const guest = (params.guestName ?? '').trim().slice(0, 60);
  const order = guest ? await findGroupOrderByParam(shop, params.groupOrderId) : null;
  if (!order) return data({ found: false as const }, { status: 404 });
  const menu = await getMenu(shop);
  return {
    found: true as const,
    order: serializeGroupOrder(order),
    title: menuTitle(order),
    closedMessage: closedMessage(order),
    expiredMessage: closedText(order, 'expired'),
    menu,
    guest,
    initials: (url.searchParams.get('initials') ?? '').trim().toUpperCase().slice(0, 3),
    email: (url.searchParams.get('email') ?? '').trim(),
    now: new Date().toISOString(),
  };
});

function noteStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function clearNoteDraft(orderId: number, guest: string) {
  try {
    noteStorage()?.removeItem(noteDraftKey(orderId, guest));
  } catch {
    // nothing stored
  }
}

/**
 * The special instructions being written, kept in local storage per order and guest so a reload does not
 * lose them. With no draft, a guest who already has a note in this order starts from it (one note each).
 */
function useNoteDraft(orderId: number, guest: string) {
  const [note, setNote] = useState('');
  const key = noteDraftKey(orderId, guest);
  useEffect(() => {
    const saved = noteStorage()?.getItem(key);
    if (saved !== null && saved !== undefined) {
      setNote(saved);
      return;
    }
    let cancelled = false;
    callApi<{ mine: boolean; guest?: { specialInstructions: string | null } }>(
      `/group-orders/${orderId}/guests/${encodeURIComponent(guest)}`,
      { guestToken: ensureGuestToken(orderId) },
    ).then((result) => {
      const existing = result.ok && result.body.mine ? result.body.guest?.specialInstructions : null;
      if (!cancelled && existing) setNote((current) => current || existing);
    });
    return () => {
      cancelled = true;
    };
  }, [key, orderId, guest]);
  const update = (value: string) => {
    setNote(value);
    try {
      if (value) noteStorage()?.setItem(key, value);
      else noteStorage()?.removeItem(key);
    } catch {
      // Private mode or a full quota: the note still works for this page view.
    }
  };
  return [note, update] as const;
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

export default function ReviewPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) {
    return (
      <main className="shell-main shell-main--narrow guest">
        <h1 className="visually-hidden">Review Your Order</h1>
        <EmptyState title="Group order not found">Please check the code and try again.</EmptyState>
      </main>
    );
  }
  return <Review {...loaded} />;
}

function Review({
  order,
  title,
  closedMessage,
  expiredMessage,
  menu,
  guest,
  initials,
  email,
  now: serverNow,
}: Loaded) {
  const toast = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const now = useNow(serverNow);
  const { cart, ready, removed, update, clear } = useDraftCart(order.id, guest, menu);
  const descriptions = new Map(menu.items.map((item) => [item.id, item.description]));
  const [instructions, setInstructions] = useNoteDraft(order.id, guest);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(closedMessage);
  const [nameTaken, setNameTaken] = useState(false);
  const [closedByServer, setClosed] = useState(Boolean(closedMessage));
  // The page may stay open past the deadline: Confirm closes with the clock, and says why.
  const expiredNow = new Date(order.deadlineAt).getTime() <= now.getTime();
  const closed = closedByServer || expiredNow;
  const shown = problem ?? (expiredNow ? expiredMessage : null);
  const inFlight = useRef(false);
  const money = (cents: number) => formatMoney(cents, order.currency, 'en-AU');
  const menuUrl = sfPath(`/order/${order.id}`, { guest, initials, email });
  const count = itemCount(cart);

  async function confirm() {
    if (inFlight.current || !cart.lines.length) return;
    inFlight.current = true;
    setPending(true);
    // The key is stored with the draft: a retry (double click, lost response, reload) reuses it and the
    // server answers with the items it already wrote instead of writing them twice.
    const confirmationKey = cart.confirmationKey ?? crypto.randomUUID();
    if (!cart.confirmationKey) update((current) => ({ ...current, confirmationKey }));
    try {
      const body: ConfirmCartBody = {
        groupOrderId: order.id,
        confirmationKey,
        guestToken: ensureGuestToken(order.id),
        guestName: guest,
        guestInitials: initials || null,
        guestEmail: email || null,
        specialInstructions: instructions.trim() || null,
        items: cart.lines.map((line) => ({
          menuItemId: line.menuItemId,
          quantity: line.quantity,
          selectedModifiers: line.modifiers.map((m) => m.id),
        })),
      };
      const response = await callApi('/order-items', { method: 'POST', body });
      if (!response.ok) {
        const answer = response.body;
        if (response.status === 409 && answer.reason === 'key-reused') {
          // The earlier try went through with other choices: the next confirm is a new request, so the
          // spec's "please try again" is true here.
          if (answer.message) setProblem(answer.message);
          update((current) => ({ lines: current.lines }));
        } else if (answer.reason === 'name-taken') {
          setNameTaken(true);
          if (answer.message) setProblem(answer.message);
          inFlight.current = false;
          setPending(false);
          return;
        } else if (response.status < 500 && answer.message) {
          // Retrying cannot help with a refusal the server explained (closed, bad item): say its reason.
          setProblem(answer.message);
          if (response.status === 409) {
            setClosed(true);
            // The deadline or status changed since the page loaded: show the times as they are now.
            revalidator.revalidate();
          }
          toast.show({
            title: response.status === 409 ? 'Ordering is closed' : 'Error',
            description: answer.message,
            tone: 'error',
          });
          inFlight.current = false;
          setPending(false);
          return;
        }
        throw new Error(`${response.status}: ${answer.message ?? ''}`);
      }
      clear();
      clearNoteDraft(order.id, guest);
      toast.show({
        title: 'Order Confirmed!',
        description: 'Your order has been added to the group.',
        forNextPage: true,
      });
      navigate(sfPath(`/confirmed/${order.id}/${encodeURIComponent(guest)}`, { initials, email }));
    } catch {
      toast.show({
        title: 'Error',
        description: 'Failed to confirm order. Please try again.',
        tone: 'error',
      });
      inFlight.current = false;
      setPending(false);
    }
  }

  return (
    <main className="shell-main shell-main--narrow guest guest-review">
      <PageLoading />
      <GuestTopBar
        orderId={order.id}
        code={order.code}
        title={title}
        titleAs="p"
        backTo={menuUrl}
        backLabel="Back to menu"
        showDashboard={false}
      />
      <PageHeader title="Review Your Order">
        <p className="muted page-header__sub">Double-check your items before confirming</p>
      </PageHeader>

      <RemovedNotice names={removed} />
      {shown ? (
        <p className="notice notice--critical" role="alert" data-testid="review-problem">
          {shown}
          {nameTaken ? (
            <>
              {' '}
              <Link to={sfPath(`/join/${order.code}`, { email })}>Choose another name</Link>
            </>
          ) : null}
        </p>
      ) : null}

      <Card className="review-items">
        {!ready ? (
          <Spinner label="Loading your order" />
        ) : cart.lines.length === 0 ? (
          <EmptyState
            title="Your order is empty"
            actions={<ButtonLink to={menuUrl}>Back to Menu</ButtonLink>}
          >
            Add something from the menu first.
          </EmptyState>
        ) : (
          <>
            <ul className="review-lines">
              {cart.lines.map((line) => (
                <li key={line.key} className="review-line">
                  <span className="review-line__qty">{line.quantity}x</span>
                  <div className="review-line__main">
                    <p className="review-line__name">{line.name}</p>
                    {descriptions.get(line.menuItemId) ? (
                      <p className="review-line__desc">{descriptions.get(line.menuItemId)}</p>
                    ) : null}
                    {line.modifiers.length ? (
                      <p className="review-line__mods">{modifierText(line.modifiers)}</p>
                    ) : null}
                  </div>
                  <span className="review-line__price">{money(line.unitPriceCents * line.quantity)}</span>
                </li>
              ))}
            </ul>
            <div className="review-total">
              <span className="muted">{itemsInOrderText(count)}</span>
              <strong>{money(cartTotalCents(cart))}</strong>
            </div>
          </>
        )}
      </Card>

      <Card>
        <TextArea
          label="Special Instructions (Optional)"
          placeholder="No onions, extra sauce, etc..."
          value={instructions}
          maxLength={500}
          onChange={(event) => setInstructions(event.target.value)}
        />
      </Card>

      <Card className="review-details">
        <dl className="facts">
          <div>
            <dt>Group</dt>
            <dd>{title}</dd>
          </div>
          <div>
            <dt>{order.orderType === 'delivery' ? 'Delivery time' : 'Pickup time'}</dt>
            <dd>{formatDateTime(new Date(order.pickupAt), order.timeZone)}</dd>
          </div>
          <div>
            <dt>Order deadline</dt>
            <dd>
              {formatDateTime(new Date(order.deadlineAt), order.timeZone)} ·{' '}
              <Countdown deadlineAt={order.deadlineAt} now={now} status={order.status} />
            </dd>
          </div>
        </dl>
      </Card>

      <div className="review-actions">
        <Button
          className="btn--block"
          onClick={confirm}
          disabled={!ready || cart.lines.length === 0 || pending || closed}
        >
          {pending ? 'Confirming...' : 'Confirm My Order'}
        </Button>
        <ButtonLink to={menuUrl} variant="secondary" className="btn--block">
          Back to Menu
        </ButtonLink>
      </div>
    </main>
  );
}
