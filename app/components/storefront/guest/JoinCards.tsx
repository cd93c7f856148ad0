import { Form, type useActionData, type useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { Badge, Button, Card, FieldError, TextField } from '~/components/storefront/ui';
import type { action, loader } from '~/routes/apps.group-order.join.$code';
import type { JoinForm } from './useJoinForm';
import { GuestLinkOfferLater } from './GuestLinkOfferLater';
import { useT } from '~/components/i18n';

// The join page's blocks: the order's facts, and the "Who's ordering?" form.

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
export type JoinOrder = NonNullable<Loaded['order']>;
export type JoinResult = ReturnType<typeof useActionData<typeof action>>;

/** Pickup or delivery, the deadline and time left, payment, and who has ordered so far. */
export function JoinFacts({ order }: { order: JoinOrder }) {
  const t = useT();
  return (
    <Card className="join-info">
      <dl className="facts">
        <div>
          <dt>{order.orderType === 'delivery' ? t('join.delivery') : t('join.pickup')}</dt>
          <dd>{order.pickup}</dd>
        </div>
        <div>
          <dt>{t('join.orderBy')}</dt>
          <dd>
            {order.deadline}{' '}
            <Badge tone={order.closedMessage ? 'critical' : 'warning'}>{order.timeLeft}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t('join.payment')}</dt>
          <dd>{order.payment}</dd>
        </div>
        <div>
          <dt>{t('join.soFar')}</dt>
          <dd>
            {t('join.people', { count: order.participantCount })} · {order.total}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

const NAME_FIELD = 'join-guest-name';

/** Name, initials and e-mail; Join posts them to this route's action. */
export function JoinGuestForm({
  form: { name, setName, initials, setInitials, email, setEmail, guestToken, remember },
  orderId,
  invite,
  result,
  refusedAsClosed,
  submitting,
}: {
  form: JoinForm;
  orderId: number;
  invite: Loaded['invite'];
  result: JoinResult;
  refusedAsClosed: boolean;
  submitting: boolean;
}) {
  // A refusal about the name (taken by someone else, or missing) belongs to the name field: announced
  // with it, and the field focused so the guest can add their initial straight away.
  const t = useT();
  const nameError =
    result && 'error' in result && 'field' in result && result.field === 'guestName' ? result.error : null;
  useEffect(() => {
    if (nameError) document.getElementById(NAME_FIELD)?.focus();
  }, [nameError, result]);
  const otherError =
    result && 'error' in result && !('intent' in result) && !refusedAsClosed && !nameError
      ? result.error
      : null;

  return (
    <Card>
      <h2>{t('join.whoIsOrdering')}</h2>
      <Form method="post" className="stack" noValidate onSubmit={remember}>
        <input type="hidden" name="guestToken" value={guestToken} />
        {invite ? <input type="hidden" name="invite" value={invite.token} /> : null}
        <TextField
          id={NAME_FIELD}
          label={t('join.yourName')}
          name="guestName"
          error={nameError}
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
          required
        />
        <div className="grid-2">
          <TextField
            label={t('join.initials')}
            name="initials"
            optional
            value={initials}
            onChange={(event) => setInitials(event.target.value.toUpperCase().slice(0, 3))}
            maxLength={3}
            autoCapitalize="characters"
            hint={t('join.initialsHint')}
          />
          <TextField
            label={t('join.email')}
            name="email"
            type="email"
            optional
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            hint={t('join.emailHint')}
          />
        </div>
        {otherError ? <FieldError error={otherError} /> : null}
        <Button type="submit" className="btn--block" disabled={!name.trim() || submitting}>
          {submitting ? t('join.joining') : t('join.join')}
        </Button>
      </Form>
      {result && 'nameTaken' in result && result.nameTaken ? (
        <GuestLinkOfferLater orderId={orderId} guestName={String(result.nameTaken)} email={email} />
      ) : null}
    </Card>
  );
}
