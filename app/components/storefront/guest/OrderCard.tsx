import { Button, Card, Spinner } from '~/components/storefront/ui';
import { cartTotalCents, itemCount, type CartLine, type DraftCart } from '~/lib/cart';

/** A line's own note ("heated"), under the line wherever a guest sees it; nothing when there is none. */
export function LineNote({ note }: { note?: string | null }) {
  return note ? <span className="line-note">Note: {note}</span> : null;
}

export function modifierText(modifiers: { name: string }[]) {
  return modifiers.map((m) => m.name).join(', ');
}

/** One cart line: quantity, name, its choices and note, its price, and a button that removes it. */
function OrderLine({
  line,
  money,
  onRemove,
}: {
  line: CartLine;
  money: (cents: number) => string;
  onRemove: (key: string) => void;
}) {
  return (
    <li className="order-line">
      <span className="order-line__qty">{line.quantity}x</span>
      <div className="order-line__main">
        <span className="order-line__name">{line.name}</span>
        {line.modifiers.length ? (
          <span className="order-line__mods">{modifierText(line.modifiers)}</span>
        ) : null}
        <LineNote note={line.note} />
      </div>
      <span className="order-line__price">{money(line.unitPriceCents * line.quantity)}</span>
      <button
        type="button"
        className="order-line__remove"
        aria-label={`Remove ${line.quantity}x ${line.name}`}
        onClick={() => onRemove(line.key)}
      >
        ×
      </button>
    </li>
  );
}

/** The cart's lines and total, with word when ordering closed before they were confirmed. */
function CartLines({
  cart,
  money,
  closed,
  onRemove,
}: {
  cart: DraftCart;
  money: (cents: number) => string;
  closed: boolean;
  onRemove: (key: string) => void;
}) {
  return (
    <>
      <ul className="order-lines">
        {cart.lines.map((line) => (
          <OrderLine key={line.key} line={line} money={money} onRemove={onRemove} />
        ))}
      </ul>
      {closed ? (
        <p className="notice notice--warning small" data-testid="cart-not-included">
          Not confirmed, so not in the group order.
        </p>
      ) : null}
      <p className="order-card__total">
        <span>Total</span>
        <strong>{money(cartTotalCents(cart))}</strong>
      </p>
    </>
  );
}

/** The guest's current (unconfirmed) order beside the menu. */
export function OrderCard({
  cart,
  ready,
  money,
  canSaveUsual,
  savingUsual,
  onRemove,
  onSaveUsual,
  onReview,
  adding = false,
  closed = false,
}: {
  /** The guest already confirmed items: this card holds what they add on top. */
  adding?: boolean;
  /** Ordering closed: the cart can no longer be confirmed. */
  closed?: boolean;
  cart: DraftCart;
  ready: boolean;
  money: (cents: number) => string;
  canSaveUsual: boolean;
  savingUsual: boolean;
  onRemove: (key: string) => void;
  onSaveUsual: () => void;
  onReview: () => void;
}) {
  const count = itemCount(cart);
  return (
    <Card className="order-card">
      <div className="order-card__title" id="current-order">
        <h2 tabIndex={-1}>Current Order</h2>
        {count ? (
          <span className="order-card__count">{count === 1 ? '1 item' : `${count} items`}</span>
        ) : null}
      </div>
      {!ready ? (
        <Spinner label="Loading your order" />
      ) : cart.lines.length === 0 ? (
        <p className="order-card__empty muted">
          {adding
            ? 'Nothing new yet. Your confirmed items above are already in the group order.'
            : 'Nothing here yet — tap Add on anything you like.'}
        </p>
      ) : (
        <CartLines cart={cart} money={money} closed={closed} onRemove={onRemove} />
      )}
      <div className="order-card__actions">
        {canSaveUsual ? (
          <Button variant="secondary" onClick={onSaveUsual} disabled={savingUsual}>
            Save as My Usual
          </Button>
        ) : null}
        <Button variant="primary" onClick={onReview}>
          Review My Order
        </Button>
      </div>
    </Card>
  );
}

/** Phones: once the cart has items, a bar at the bottom leads back to the order card from deep in the menu. */
export function CartBar({ cart, money }: { cart: DraftCart; money: (cents: number) => string }) {
  const count = itemCount(cart);
  if (!count) return null;
  return (
    <div className="cart-bar">
      <button
        type="button"
        className="cart-bar__button"
        onClick={() => {
          const target = document.getElementById('current-order');
          target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          target?.querySelector('h2')?.focus({ preventScroll: true });
        }}
      >
        <span className="cart-bar__count">{count}</span>
        <span>View current order</span>
        <strong>{money(cartTotalCents(cart))}</strong>
      </button>
    </div>
  );
}
