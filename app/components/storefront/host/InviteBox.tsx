import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, TextArea } from '../ui';
import { useToast } from '../toast';
import { callApi, type ApiResult } from './api';
import type { Translate } from '~/lib/language';
import { useT } from '~/components/i18n';
import { invitesNotSentText, invitesSentText, invitesSkippedText, splitEmailList } from '~/lib/hostText';

/** The server's answer to a send: how many went, and which addresses it skipped, refused or could not reach. */
type InviteAnswer = {
  sent: number;
  total: number;
  skipped?: string[];
  invalid?: string[];
  undelivered?: string[];
};

/** The toast after a send: how many went, which did not (`missed`), which were skipped. */
function inviteSummary({ sent, total, skipped = [] }: InviteAnswer, missed: string, t: Translate) {
  return [invitesSentText(sent, total, t), missed, invitesSkippedText(skipped, t)].filter(Boolean).join(' ');
}

/** E-mail invitations: one address per comma, semicolon or line. */
export function InviteBox({
  orderId,
  hostToken,
  onError,
  onSent,
}: {
  orderId: number;
  hostToken: string | null;
  onError: (result: ApiResult, fallback: string) => void;
  /** After a send, e.g. so "Who is still missing" lists the new addresses. */
  onSent?: () => void;
}) {
  const toast = useToast();
  const t = useT();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // Which addresses the last send did not reach, kept on screen (a toast goes away).
  const [notSent, setNotSent] = useState('');
  // One key per submit of these addresses: a retry after an error reuses it, so the server sends nothing
  // twice; editing the addresses or a success starts a new one.
  const requestKey = useRef<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      return toast.show({
        title: t('host.msg.noEmailsTitle'),
        description: t('host.msg.noEmails'),
        tone: 'error',
      });
    }
    const emails = splitEmailList(text);
    // The e-mail check (zod) loads on the first send, not with the dashboard.
    const { isValidEmail } = await import('~/lib/hostForms');
    if (!emails.some(isValidEmail)) {
      return toast.show({
        title: t('host.msg.noValidTitle'),
        description: t('host.msg.noValid'),
        tone: 'error',
      });
    }
    setSending(true);
    requestKey.current ??= crypto.randomUUID();
    const result = await callApi<InviteAnswer>(`/group-orders/${orderId}/invite`, {
      body: { emails, requestKey: requestKey.current },
      hostToken,
    });
    setSending(false);
    if (!result.ok) return onError(result, t('host.msg.inviteFailed'));
    requestKey.current = null;
    const { invalid = [], undelivered = [] } = result.body;
    // The addresses to correct stay in the box; everything sent (or still being tried) leaves it.
    setText(invalid.join(', '));
    const missed = invitesNotSentText(invalid, undelivered, t);
    setNotSent(missed);
    onSent?.();
    toast.show({ title: t('host.msg.invitesSent'), description: inviteSummary(result.body, missed, t) });
  }

  return (
    <Card className="host-invite">
      <h2>{t('host.invite.title')}</h2>
      <form onSubmit={onSubmit} noValidate className="stack">
        <TextArea
          label={t('host.invite.emails')}
          name="emails"
          rows={3}
          placeholder="alex@company.com, sam@company.com"
          hint={t('host.invite.hint')}
          value={text}
          onChange={(event) => {
            requestKey.current = null;
            setText(event.target.value);
          }}
        />
        {notSent ? (
          <p className="notice notice--warning small" role="status" data-testid="invite-not-sent">
            {notSent}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" className="btn--block" disabled={sending}>
          {sending ? t('host.invite.sending') : t('host.invite.send')}
        </Button>
      </form>
    </Card>
  );
}
