import { Button, Card } from '~/components/storefront/ui';
import { cartTotalCents, itemCount, type CartLine, type DraftCart } from '~/lib/cart';
import { useT } from '~/components/i18n';
import { LineNote, modifierText } from './LineNote';

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
  const t = useT();
  return (
    <li className="order-line">
      <span className="order-line__qty">{t('ui.quantity', { quantity: line.quantity })}</span>
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
        aria-label={t('order.remove', { quantity: line.quantity, item: line.name })}
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
  const t = useT();
  return (
    <>
      <ul className="order-lines">
        {cart.lines.map((line) => (
          <OrderLine key={line.key} line={line} money={money} onRemove={onRemove} />
        ))}
      </ul>
      {closed ? (
        <p className="notice notice--warning small" data-testid="cart-not-included">
          {t('order.notIncluded')}
        </p>
      ) : null}
      <p className="order-card__total">
        <span>{t('order.total')}</span>
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
  const t = useT();
  // The draft cart lives in this browser's storage, read once the page has hydrated. Until then (and in
  // the server's HTML) the card is the empty one, not a spinner: the page's largest text is painted from
  // the HTML instead of waiting for the scripts, and a new guest (the usual case) sees no change at all.
  // The same markup on both sides, so hydration matches (docs/decisions/2026-11-27-page-weight-lazy.md).
  return (
    <Card className="order-card">
      <div className="order-card__title" id="current-order">
        <h2 tabIndex={-1}>{t('order.current')}</h2>
        {count ? <span className="order-card__count">{t('order.items', { count })}</span> : null}
      </div>
      {!ready || cart.lines.length === 0 ? (
        <p className="order-card__empty muted">{adding ? t('order.nothingNew') : t('order.empty')}</p>
      ) : (
        <CartLines cart={cart} money={money} closed={closed} onRemove={onRemove} />
      )}
      <div className="order-card__actions">
        {canSaveUsual ? (
          <Button variant="secondary" onClick={onSaveUsual} disabled={savingUsual}>
            {t('order.saveUsual')}
          </Button>
        ) : null}
        <Button variant="primary" onClick={onReview}>
          {t('order.review')}
        </Button>
      </div>
    </Card>
  );
}

/** Phones: once the cart has items, a bar at the bottom leads back to the order card from deep in the menu. */
export function CartBar({ cart, money }: { cart: DraftCart; money: (cents: number) => string }) {
  const count = itemCount(cart);
  const t = useT();
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
        <span>{t('order.viewCurrent')}</span>
        <strong>{money(cartTotalCents(cart))}</strong>
      </button>
    </div>
  );
}
