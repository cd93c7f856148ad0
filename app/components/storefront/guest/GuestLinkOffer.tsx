import { useEffect, useState } from 'react';
import { callApi } from '~/components/storefront/api';
import { Button, FieldError, TextField } from '~/components/storefront/ui';
import { useT } from '~/components/i18n';

// "Same person, new phone": where a name is taken or an order belongs to another browser, the person can
// ask for a one-time link to the address they ordered with (guestLinks.server.ts). The answer is the same
// whether or not the address matched, so it tells nobody whose address it is.

export function GuestLinkOffer({
  orderId,
  guestName,
  email: given = '',
  standalone = false,
}: {
  orderId: number;
  guestName: string;
  email?: string;
  /** In a card of its own (no rule above it, as under another block). */
  standalone?: boolean;
}) {
  const t = useT();
  const [email, setEmail] = useState(given);
  const [state, setState] = useState<
    { status: 'idle' } | { status: 'sending' } | { status: 'sent' | 'error'; message: string }
  >({ status: 'idle' });
  useEffect(() => {
    if (given) setEmail(given);
  }, [given]);

  async function send() {
    setState({ status: 'sending' });
    const result = await callApi<{ sent: boolean; message: string }>(`/group-orders/${orderId}/guest-link`, {
      method: 'POST',
      body: { guestName, email },
    });
    if (result.ok) setState({ status: 'sent', message: result.body.message });
    else
      setState({
        status: 'error',
        message: result.body.message || t('guestLink.failed'),
      });
  }

  return (
    <div
      className={`guest-link stack ${standalone ? 'guest-link--standalone' : ''}`}
      data-testid="guest-link-offer"
    >
      <h3 className="guest-link__title">{t('guestLink.title', { name: guestName.trim() })}</h3>
      {state.status === 'sent' ? (
        <p className="notice" role="status">
          {state.message}
        </p>
      ) : (
        <>
          <p className="muted">{t('guestLink.body')}</p>
          <TextField
            label={t('guestLink.email')}
            name="linkEmail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {state.status === 'error' ? <FieldError error={state.message} /> : null}
          <Button
            variant="secondary"
            className="btn--block"
            onClick={send}
            disabled={!email.trim() || state.status === 'sending'}
          >
            {state.status === 'sending' ? t('guestLink.sending') : t('usual.emailLink')}
          </Button>
        </>
      )}
    </div>
  );
}
