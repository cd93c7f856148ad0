import { graphemes } from '~/lib/text';
import { Badge, Button, Card, EmptyState } from '../ui';
import { useT } from '~/components/i18n';

type Item = {
  id: number;
  quantity: number;
  menuItem: { name: string };
  selectedModifiers: string[];
  /** This line's own note ("heated"), shown under the line. */
  note?: string | null;
  totalText: string;
};
type Guest = {
  guestId: number | null;
  guestName: string;
  specialInstructions: string | null;
  guestInitials: string | null;
  totalText: string;
  items: Item[];
  /** Where guests pay their share (issue 25): whether this guest has paid. */
  payment?: 'paid' | 'pending' | 'refunded' | 'partly' | 'company' | 'cancelled' | null;
};

const PAYMENT_TONES = {
  paid: 'success',
  pending: 'warning',
  refunded: 'neutral',
  partly: 'info',
  company: 'neutral',
  cancelled: 'critical',
} as const;

type RemoveProps = {
  onRemove?: (item: Item, guest: Guest) => void;
  removing?: number | null;
};

/** One item: quantity, name, price, its choices and note, and Remove for the host. */
function GuestOrderItem({ item, guest, onRemove, removing }: { item: Item; guest: Guest } & RemoveProps) {
  const t = useT();
  return (
    <li className="host-item">
      <div className="host-item__line">
        <span>
          <strong>{item.quantity}×</strong> {item.menuItem.name}
        </span>
        <span className="muted">{item.totalText}</span>
      </div>
      {item.selectedModifiers.length ? (
        <div className="host-item__mods">{item.selectedModifiers.join(' · ')}</div>
      ) : null}
      {item.note ? (
        <div className="line-note" data-testid="line-note">
          {t('host.guests.note', { note: item.note })}
        </div>
      ) : null}
      {onRemove ? (
        <Button
          variant="ghost"
          className="host-item__remove"
          disabled={removing === item.id}
          aria-label={t('host.guests.removeLabel', {
            what: `${item.quantity}x ${item.menuItem.name}`,
            guest: guest.guestName,
          })}
          onClick={() => onRemove(item, guest)}
        >
          {t('host.guests.remove')}
        </Button>
      ) : null}
    </li>
  );
}

function PaymentBadge({ state }: { state: NonNullable<Guest['payment']> }) {
  const t = useT();
  return (
    <span data-testid="guest-payment" data-state={state}>
      <Badge tone={PAYMENT_TONES[state]}>
        {t(state === 'cancelled' ? 'money.refund.dash.cancelled' : `money.pay.dash.${state}`)}
      </Badge>
    </span>
  );
}

/** One guest: initials, name and total, their items, and their note. */
function GuestOrder({ guest, onRemove, removing }: { guest: Guest } & RemoveProps) {
  return (
    <li className="host-guest" data-testid="guest-order">
      <div className="host-guest__head">
        <span className="host-guest__initials" aria-hidden="true">
          {(guest.guestInitials || graphemes(guest.guestName)[0] || '').toUpperCase()}
        </span>
        <span className="host-guest__name">{guest.guestName}</span>
        {guest.payment ? <PaymentBadge state={guest.payment} /> : null}
        <span className="host-guest__total">{guest.totalText}</span>
      </div>
      <ul className="host-items">
        {guest.items.map((item) => (
          <GuestOrderItem key={item.id} item={item} guest={guest} onRemove={onRemove} removing={removing} />
        ))}
      </ul>
      {guest.specialInstructions ? (
        <div className="host-item__note" data-testid="guest-note">
          “{guest.specialInstructions}”
        </div>
      ) : null}
    </li>
  );
}

/**
 * Everyone's order: items with modifiers and their own notes, each guest's one note, a total per guest and for the group.
 * With `onRemove` (the host), each item has a Remove button.
 */
export function GuestOrders({
  guests,
  totalText,
  instructions,
  payments,
  onRemove,
  removing,
}: {
  guests: Guest[];
  totalText: string;
  instructions: string | null;
  /** The guests' payments against what they owe, and the company's part (null: the company pays all). */
  payments?: { paidText: string; owedText: string; companyText: string } | null;
} & RemoveProps) {
  const t = useT();
  return (
    <Card className="host-orders">
      <div className="row row--between host-orders__head">
        <h2>{t('host.guests.title')}</h2>
        <span className="muted small">{t('host.guests.people', { count: guests.length })}</span>
      </div>
      {instructions ? (
        <p className="notice small host-orders__instructions">
          <strong>{t('host.guests.instructions')}</strong> {instructions}
        </p>
      ) : null}
      {guests.length === 0 ? (
        <EmptyState title={t('host.guests.none')}>{t('host.guests.noneBody')}</EmptyState>
      ) : (
        <ul className="host-guests">
          {guests.map((guest) => (
            <GuestOrder
              key={guest.guestId ?? guest.guestName}
              guest={guest}
              onRemove={onRemove}
              removing={removing}
            />
          ))}
        </ul>
      )}
      <div className="host-orders__total">
        <span>{t('host.stats.groupTotal')}</span>
        <strong data-testid="group-total">{totalText}</strong>
      </div>
      {payments ? (
        <p className="muted small" data-testid="payment-totals">
          {t('money.pay.dash.totals', {
            paid: payments.paidText,
            owed: payments.owedText,
            company: payments.companyText,
          })}
        </p>
      ) : null}
    </Card>
  );
}
