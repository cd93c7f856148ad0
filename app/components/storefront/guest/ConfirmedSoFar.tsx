import { Link } from '@remix-run/react';
import { Card } from '~/components/storefront/ui';
import type { OwnOrder } from './useConfirmedOrder';
import { LineNote } from './OrderCard';

/**
 * What the guest already confirmed, beside a new cart (menu and review): after "Add more items" or the
 * back button the draft is empty, and without this the order looks gone, so people ordered twice.
 */
export function ConfirmedSoFar({
  own,
  money,
  confirmedUrl,
}: {
  own: OwnOrder | null;
  money: (cents: number) => string;
  confirmedUrl: string;
}) {
  if (!own || own.items.length === 0) return null;
  const count = own.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <div data-testid="confirmed-so-far">
      <Card className="order-card order-card--confirmed">
        <div className="order-card__title">
          <h2>Already confirmed</h2>
          <span className="badge badge--success">
            ✓ {count === 1 ? '1 item' : `${count} items`} in the group order
          </span>
        </div>
        <ul className="order-lines">
          {own.items.map((item) => (
            <li key={item.id} className="order-line order-line--confirmed">
              <span className="order-line__qty">{item.quantity}x</span>
              <div className="order-line__main">
                <span className="order-line__name">{item.name}</span>
                {item.modifiers.length ? (
                  <span className="order-line__mods">{item.modifiers.join(', ')}</span>
                ) : null}
                <LineNote note={item.note} />
              </div>
              <span className="order-line__price">{money(item.totalCents)}</span>
            </li>
          ))}
        </ul>
        <p className="order-card__total">
          <span>Confirmed total</span>
          <strong>{money(own.totalCents)}</strong>
        </p>
        <p className="muted small order-card__hint">
          These are already in the group order: you do not need to order them again. Anything new you add is
          extra, and is included once you review and confirm it.
        </p>
        <Link to={confirmedUrl} className="order-card__link">
          View or change my confirmed items
        </Link>
      </Card>
    </div>
  );
}
