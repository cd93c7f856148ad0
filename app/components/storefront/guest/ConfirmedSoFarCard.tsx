import { Link } from '@remix-run/react';
import { Card } from '~/components/storefront/ui';
import type { OwnOrder } from './useOwnOrder';
import { LineNote } from './LineNote';
import { useT } from '~/components/i18n';

/** The card of what the guest already confirmed (ConfirmedSoFar.tsx loads it when there is any). */
export default function ConfirmedSoFarCard({
  own,
  money,
  confirmedUrl,
}: {
  own: OwnOrder | null;
  money: (cents: number) => string;
  confirmedUrl: string;
}) {
  const t = useT();
  if (!own || own.items.length === 0) return null;
  const count = own.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <div data-testid="confirmed-so-far">
      <Card className="order-card order-card--confirmed">
        <div className="order-card__title">
          <h2>{t('soFar.title')}</h2>
          <span className="badge badge--success">✓ {t('soFar.count', { count })}</span>
        </div>
        <ul className="order-lines">
          {own.items.map((item) => (
            <li key={item.id} className="order-line order-line--confirmed">
              <span className="order-line__qty">{t('ui.quantity', { quantity: item.quantity })}</span>
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
          <span>{t('soFar.total')}</span>
          <strong>{money(own.totalCents)}</strong>
        </p>
        <p className="muted small order-card__hint">{t('soFar.hint')}</p>
        <Link to={confirmedUrl} className="order-card__link">
          {t('soFar.link')}
        </Link>
      </Card>
    </div>
  );
}
