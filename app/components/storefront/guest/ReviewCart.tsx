import { Link, type useLoaderData } from '@remix-run/react';
import { ButtonLink, Card, EmptyState, Spinner } from '~/components/storefront/ui';
import { cartTotalCents, itemCount, type DraftCart } from '~/lib/cart';
import { sfPath } from '~/lib/paths';
import { formatDateTime } from '~/lib/time';
import { Countdown } from './Countdown';
import { GuestLinkOfferLater } from './GuestLinkOfferLater';
import { LineNote, modifierText } from './LineNote';
import type { loader } from '~/routes/apps.group-order.review.$groupOrderId.$guestName';
import type { Avoid } from '~/lib/allergens';
import { lineConflicts, lineMade } from '~/lib/asMade';
import { ConflictWarnings, FactTags } from './Allergens';
import { useLanguage, useT } from '~/components/i18n';

// The Review page's blocks: why Confirm was refused, the lines about to be confirmed with the total, and
// the order's group, pickup and deadline.

export type ReviewData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

/**
 * Why the order cannot be confirmed; a taken name links back to Join to choose another, and offers the
 * e-mailed link for a person whose own order it is (on another device).
 */
export function ReviewProblem({
  message,
  nameTaken,
  code,
  orderId,
  guest,
  email,
}: {
  message: string | null;
  nameTaken: boolean;
  code: string;
  orderId: number;
  guest: string;
  email: string;
}) {
  const t = useT();
  if (!message) return null;
  return (
    <>
      <p className="notice notice--critical" role="alert" data-testid="review-problem">
        {message}
        {nameTaken ? (
          <>
            {' '}
            <Link to={sfPath(`/join/${code}`)}>{t('review.otherName')}</Link>
          </>
        ) : null}
      </p>
      {nameTaken ? (
        <Card>
          <GuestLinkOfferLater orderId={orderId} guestName={guest} email={email} standalone />
        </Card>
      ) : null}
    </>
  );
}

/** The draft's lines with each item's menu description, and what they come to. */
export function ReviewCart({
  cart,
  ready,
  menu,
  menuUrl,
  money,
  confirmedCount = 0,
  avoids,
}: {
  /** What the guest avoids: lines that have it are named in a warning before Confirm. */
  avoids: readonly Avoid[];
  /** Items the guest already confirmed: an empty cart then means "nothing new", not "no order". */
  confirmedCount?: number;
  cart: DraftCart;
  ready: boolean;
  menu: ReviewData['menu'];
  menuUrl: string;
  money: (cents: number) => string;
}) {
  const t = useT();
  const descriptions = new Map(menu.items.map((item) => [item.id, item.description]));
  return (
    <Card className="review-items">
      {!ready ? (
        <Spinner label={t('order.loading')} />
      ) : cart.lines.length === 0 && confirmedCount > 0 ? (
        <EmptyState
          title={t('review.nothingNew')}
          actions={<ButtonLink to={menuUrl}>{t('review.addMore')}</ButtonLink>}
        >
          {t('review.nothingNewBody', { count: confirmedCount })}
        </EmptyState>
      ) : cart.lines.length === 0 ? (
        <EmptyState
          title={t('review.empty')}
          actions={<ButtonLink to={menuUrl}>{t('review.backToMenu')}</ButtonLink>}
        >
          {t('review.emptyBody')}
        </EmptyState>
      ) : (
        <>
          <ConflictWarnings found={lineConflicts(cart.lines, menu, avoids)} />
          <ul className="review-lines">
            {cart.lines.map((line) => (
              <li key={line.key} className="review-line">
                <span className="review-line__qty">{t('ui.quantity', { quantity: line.quantity })}</span>
                <div className="review-line__main">
                  <p className="review-line__name">{line.name}</p>
                  {descriptions.get(line.menuItemId) ? (
                    <p className="review-line__desc">{descriptions.get(line.menuItemId)}</p>
                  ) : null}
                  {line.modifiers.length ? (
                    <p className="review-line__mods">{modifierText(line.modifiers)}</p>
                  ) : null}
                  <LineNote note={line.note} />
                  <LineFacts line={line} menu={menu} avoids={avoids} />
                </div>
                <span className="review-line__price">{money(line.unitPriceCents * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <div className="review-total">
            <span className="muted">{t('review.itemsInOrder', { count: itemCount(cart) })}</span>
            <strong>{money(cartTotalCents(cart))}</strong>
          </div>
        </>
      )}
    </Card>
  );
}

/** A line's allergens and diets as made with its options (today's menu). */
function LineFacts(props: {
  line: DraftCart['lines'][number];
  menu: ReviewData['menu'];
  avoids: readonly Avoid[];
}) {
  const made = lineMade(props.line, props.menu);
  return made ? <FactTags made={made} avoids={props.avoids} /> : null;
}

/** The group, pickup (or delivery) time and deadline, with the time left. */
export function ReviewDetails({ order, title, now }: Pick<ReviewData, 'order' | 'title'> & { now: Date }) {
  const t = useT();
  const { intlLocale } = useLanguage();
  return (
    <Card className="review-details">
      <dl className="facts">
        <div>
          <dt>{t('review.group')}</dt>
          <dd>{title}</dd>
        </div>
        <div>
          <dt>{order.orderType === 'delivery' ? t('review.deliveryTime') : t('review.pickupTime')}</dt>
          <dd>{formatDateTime(new Date(order.pickupAt), order.timeZone, intlLocale)}</dd>
        </div>
        <div>
          <dt>{t('review.deadline')}</dt>
          <dd>
            {formatDateTime(new Date(order.deadlineAt), order.timeZone, intlLocale)} ·{' '}
            <Countdown deadlineAt={order.deadlineAt} now={now} status={order.status} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
