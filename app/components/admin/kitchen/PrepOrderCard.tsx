import { useRetryFetcher } from '~/components/admin/orders/useRetryFetcher';
import { useT } from '~/components/i18n';
import { useAdminPath } from '~/components/admin/adminLocale';
import type { BoardOrder } from '~/models/kitchen/prepBoard.server';

export type BoardCard = BoardOrder & { printLinks: { labels: string; sheet: string } };

/** The order's next kitchen step as one big button, posted with the step so a stale board cannot skip one. */
function NextStepButton({ order }: { order: BoardOrder }) {
  // The answer moves the card to another column (a new component): a keyed fetcher keeps its toast.
  const fetcher = useRetryFetcher(`next-step-${order.id}`);
  const t = useT();
  if (!order.next || !order.nextLabel) return null;
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="next-step" />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="to" value={order.next} />
      <button
        type="submit"
        className={`prep-next prep-next--${order.next}`}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? t('admin.prep.saving') : t('admin.kitchen.mark', { step: order.nextLabel })}
      </button>
    </fetcher.Form>
  );
}

/** Each guest's lines, what they avoid and their note; a line that has what its guest avoids stands out. */
function GuestLines({ guests }: { guests: BoardCard['guests'] }) {
  const t = useT();
  return (
    <ul className="prep-card__guests">
      {guests.map((guest) => (
        <li key={`${guest.name}-${guest.initials}`}>
          <span className="prep-card__guest">
            {guest.name} ({guest.initials})
          </span>
          {guest.avoids ? <span className="prep-card__avoids"> {guest.avoids}</span> : null}
          <ul>
            {guest.lines.map((line) => (
              <li
                key={line.id}
                className={line.conflict ? 'prep-card__line--conflict' : undefined}
                data-conflict={line.conflict ? 'true' : undefined}
              >
                {`${line.quantity} × ${line.title}`}
                {line.note ? <span className="prep-card__line-note"> — “{line.note}”</span> : null}
                {line.facts ? <span className="prep-card__facts"> · {line.facts}</span> : null}
                {line.conflict ? <strong className="prep-card__check"> {line.conflict}</strong> : null}
              </li>
            ))}
          </ul>
          {guest.note ? (
            <p className="prep-card__note">{t('admin.detail.guestNote', { note: guest.note })}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * One order on the board, read from a metre away: pickup time and code large, what to make in big type,
 * each guest's lines and notes, the next step as a big button, and the prints (each opens in a new tab).
 */
export function PrepOrderCard({ order }: { order: BoardCard }) {
  const t = useT();
  // The print tab has no admin session: the link carries the admin's language as it carries the rest.
  const path = useAdminPath();
  const finished = order.state === 'collected' || order.state === 'cancelled';
  const when = order.orderType === 'delivery' ? 'admin.row.deliveryAt' : 'admin.row.pickupAt';
  return (
    <section
      className={`prep-card prep-card--${order.state}`}
      aria-label={t('admin.prep.card', { code: order.code })}
    >
      <h3 className="prep-card__title">
        <span className="prep-card__time">{order.pickupTime}</span>{' '}
        <span className="prep-card__code">{order.code}</span>
      </h3>
      <p className="prep-card__meta">
        {order.title} · {order.hostName} ({order.companyName})
      </p>
      <p className="prep-card__meta">
        {t(when, { when: order.pickupLabel })} · {t('admin.prep.items', { count: order.itemCount })} ·{' '}
        <strong>{t('admin.kitchenBadge', { label: order.stateLabel })}</strong>
      </p>
      {order.cancelReason && order.state === 'cancelled' ? (
        <p className="prep-card__alert">{t('admin.kitchen.cancelled', { reason: order.cancelReason })}</p>
      ) : null}
      {order.deliveryAddress ? (
        <p className="prep-card__meta">{t('admin.detail.deliverTo', { address: order.deliveryAddress })}</p>
      ) : null}
      {order.instructions ? (
        <p className="prep-card__note">{t('admin.detail.instructions', { text: order.instructions })}</p>
      ) : null}
      {finished ? null : (
        <>
          <h4 className="prep-card__heading">{t('admin.prep.toMake')}</h4>
          <ul className="prep-card__make">
            {order.lines.map((line) => (
              <li key={line.key}>
                <strong>{line.quantity} ×</strong> {line.title}
              </li>
            ))}
          </ul>
          <h4 className="prep-card__heading">{t('admin.prep.byGuest')}</h4>
          <GuestLines guests={order.guests} />
        </>
      )}
      <NextStepButton order={order} />
      {finished ? null : (
        <p className="prep-card__prints">
          <a href={path(order.printLinks.labels)} target="_blank" rel="noreferrer">
            {t('admin.prep.printLabels')}
          </a>
          <a href={path(order.printLinks.sheet)} target="_blank" rel="noreferrer">
            {t('admin.prep.printSheet')}
          </a>
        </p>
      )}
    </section>
  );
}
