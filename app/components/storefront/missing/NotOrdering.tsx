import { Form } from '@remix-run/react';
import { Button, ButtonLink, Card, FieldError } from '../ui';
import { useT } from '~/components/i18n';

// "I'm not ordering this time": the invitee's answer, from the page their e-mail links to and from the
// join screen they reach through their invitation. The button posts; opening a link never answers for them
// (mail scanners open links too).

export type NotOrderingView = {
  title: string;
  hostName: string;
  companyName: string;
  deadline: string;
  joinHref: string;
  declined: boolean;
  open: boolean;
};

export function NotOrderingCard({
  view,
  token,
  error,
  busy,
}: {
  view: NotOrderingView;
  token: string;
  error?: string | null;
  busy: boolean;
}) {
  const t = useT();
  if (view.declined) {
    return (
      <Card className="not-ordering">
        <h2>{t('host.not.thanks', { host: view.hostName })}</h2>
        <p role="status" data-testid="not-ordering-done">
          {t('host.not.done', { host: view.hostName, title: view.title })}
        </p>
        {view.open ? (
          <p className="muted">
            {t('host.not.changed', { deadline: view.deadline })}{' '}
            <ButtonLink to={view.joinHref} variant="ghost">
              {t('host.not.join')}
            </ButtonLink>
          </p>
        ) : null}
      </Card>
    );
  }
  return (
    <Card className="not-ordering">
      <h2>{t('host.not.question')}</h2>
      <p>{t('host.not.ask', { host: view.hostName, company: view.companyName, title: view.title })}</p>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value="not-ordering" />
        <input type="hidden" name="invite" value={token} />
        <FieldError error={error} />
        <Button type="submit" variant="secondary" className="btn--block" disabled={busy}>
          {busy ? t('host.missing.saving') : t('host.not.button')}
        </Button>
      </Form>
    </Card>
  );
}
