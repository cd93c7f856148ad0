import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import type { UndeliveredEmail } from '~/models/groupOrder/adminOrders.server';
import { useRetryFetcher } from './useRetryFetcher';
import { useT } from '~/components/i18n';

export function EmailRetryButton({ id, to }: { id: number; to: string }) {
  const t = useT();
  const fetcher = useRetryFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry-email" />
      <input type="hidden" name="messageId" value={id} />
      <Button
        submit
        size="slim"
        loading={fetcher.state !== 'idle'}
        accessibilityLabel={t('admin.retryEmailLabel', { to })}
      >
        {t('admin.retry')}
      </Button>
    </fetcher.Form>
  );
}

/** E-mails the outbox gave up on (the SMTP server kept refusing them), each with "Retry now". */
export function UndeliveredEmails({ emails }: { emails: UndeliveredEmail[] }) {
  const t = useT();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('admin.emails.title')}
        </Text>
        {emails.map((email) => (
          <InlineStack key={email.id} align="space-between" blockAlign="center" gap="200">
            <BlockStack gap="050">
              <Text as="span" fontWeight="semibold">
                {email.subject || t('admin.emails.untitled')} · {email.to}
              </Text>
              {email.error ? (
                <Text as="span" tone="subdued" variant="bodySm">
                  {email.error}
                </Text>
              ) : null}
            </BlockStack>
            <EmailRetryButton id={email.id} to={email.to} />
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}
