import { FactTags } from './Allergens';
import { Button, Card, Spinner, TextArea } from '~/components/storefront/ui';
import { MAX_QUANTITY, MIN_QUANTITY } from '~/lib/pricing';
import type { ConfirmedPage } from './useConfirmedOrder';
import type { OwnOrder } from './useOwnOrder';
import { GuestLinkOfferLater } from './GuestLinkOfferLater';
import { LineNote } from './LineNote';
import { useT } from '~/components/i18n';

// The confirmed page's "Your items" card: the guest's lines (editable while the order is open), the
// total, payment method and special instructions.

export function ConfirmedItems({ page, payment }: { page: ConfirmedPage; payment: string }) {
  const t = useT();
  const { state, own, name, savedNote, money } = page;
  return (
    <Card className="confirmed-items">
      <h2>{t('confirmed.yourItems')}</h2>
      {state.status === 'loading' ? (
        <Spinner label={t('confirmed.loadingItems')} />
      ) : state.status === 'denied' ? (
        <>
          <p className="notice notice--warning" role="status">
            {state.message}
          </p>
          <GuestLinkOfferLater orderId={page.orderId} guestName={name} email={page.email} />
        </>
      ) : state.own.items.length === 0 ? (
        // Items left out at submit (issue 25): the left-out card below says what happened to them.
        state.own.share?.status.startsWith('left-out') ? null : (
          <p className="muted">{t('confirmed.noItems', { name })}</p>
        )
      ) : (
        <ul className="review-lines">
          {state.own.items.map((item) => (
            <ConfirmedLine key={item.id} item={item} page={page} />
          ))}
        </ul>
      )}
      <div className="review-total">
        <span>{t('order.total')}</span>
        <strong>{own ? money(own.totalCents) : '—'}</strong>
      </div>
      <dl className="facts facts--compact">
        <div>
          <dt>{t('confirmed.paymentMethod')}</dt>
          <dd>{payment}</dd>
        </div>
        {savedNote ? (
          <div>
            <dt>{t('confirmed.instructions')}</dt>
            <dd data-testid="guest-note">{savedNote}</dd>
          </div>
        ) : null}
      </dl>
      <ConfirmedNote page={page} />
    </Card>
  );
}

/** One line, with its quantity stepper and Remove while the order still takes changes. */
function ConfirmedLine({ item, page }: { item: OwnOrder['items'][number]; page: ConfirmedPage }) {
  const t = useT();
  const { editable, busy, setQuantity, remove, money } = page;
  return (
    <li className="review-line review-line--plain">
      <div className="review-line__main">
        <p className="review-line__name">{t('ui.line', { quantity: item.quantity, name: item.name })}</p>
        {item.modifiers.length ? <p className="review-line__mods">{item.modifiers.join(', ')}</p> : null}
        <LineNote note={item.note} />
        <FactTags made={item} avoids={page.own?.guest.avoids ?? []} />
        {editable ? (
          <div className="confirmed-edit">
            <div className="stepper" role="group" aria-label={`Quantity of ${item.name}`}>
              <button
                type="button"
                className="stepper__btn"
                aria-label={t('confirmed.decrease', { item: item.name })}
                disabled={busy || item.quantity <= MIN_QUANTITY}
                onClick={() => setQuantity(item.id, item.quantity - 1)}
              >
                −
              </button>
              <output className="stepper__value">{item.quantity}</output>
              <button
                type="button"
                className="stepper__btn"
                aria-label={t('confirmed.increase', { item: item.name })}
                disabled={busy || item.quantity >= MAX_QUANTITY}
                onClick={() => setQuantity(item.id, item.quantity + 1)}
              >
                +
              </button>
            </div>
            <Button
              variant="ghost"
              disabled={busy}
              aria-label={t('order.remove', { quantity: item.quantity, item: item.name })}
              onClick={() => remove(item.id)}
            >
              {t('confirmed.remove')}
            </Button>
          </div>
        ) : null}
      </div>
      <span className="review-line__price">{money(item.totalCents)}</span>
    </li>
  );
}

/** Add or edit the guest's special instructions. */
function ConfirmedNote({ page }: { page: ConfirmedPage }) {
  const { editable, note, setNote, savedNote, busy, saveNote } = page;
  const t = useT();
  return (
    <>
      {editable && note === null ? (
        <Button variant="ghost" className="confirmed-note__open" onClick={() => setNote(savedNote)}>
          {savedNote ? t('confirmed.editInstructions') : t('confirmed.addInstructions')}
        </Button>
      ) : null}
      {editable && note !== null ? (
        <div className="confirmed-note">
          <TextArea
            label={t('confirmed.instructions')}
            placeholder={t('review.instructionsPlaceholder')}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="row">
            <Button variant="secondary" disabled={busy || note === savedNote} onClick={saveNote}>
              {t('confirmed.saveNote')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setNote(null)}>
              {t('customise.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
