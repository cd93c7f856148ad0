import { Form } from '@remix-run/react';
import { Button, ButtonLink, Card, FieldError } from '../ui';

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
  if (view.declined) {
    return (
      <Card className="not-ordering">
        <h2>Thanks for letting {view.hostName} know</h2>
        <p role="status" data-testid="not-ordering-done">
          {view.hostName} can see that you are not ordering this time in &ldquo;{view.title}&rdquo;, so nobody
          will wait for you or remind you.
        </p>
        {view.open ? (
          <p className="muted">
            Changed your mind? You can still join until {view.deadline}.{' '}
            <ButtonLink to={view.joinHref} variant="ghost">
              Join and order
            </ButtonLink>
          </p>
        ) : null}
      </Card>
    );
  }
  return (
    <Card className="not-ordering">
      <h2>Not ordering this time?</h2>
      <p>
        {view.hostName} ({view.companyName}) invited you to &ldquo;{view.title}&rdquo;. Let them know you are
        not ordering, so they do not wait for you or send you a reminder.
      </p>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value="not-ordering" />
        <input type="hidden" name="invite" value={token} />
        <FieldError error={error} />
        <Button type="submit" variant="secondary" className="btn--block" disabled={busy}>
          {busy ? 'Saving…' : "I'm not ordering this time"}
        </Button>
      </Form>
    </Card>
  );
}
