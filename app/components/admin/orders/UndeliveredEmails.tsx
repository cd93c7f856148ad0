import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import type { UndeliveredEmail } from '~/models/groupOrder/adminOrders.server';
import { useRetryFetcher } from './useRetryFetcher';

export function EmailRetryButton({ id, to }: { id: number; to: string }) {
  const fetcher = useRetryFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry-email" />
      <input type="hidden" name="messageId" value={id} />
      <Button
        submit
        size="slim"
        loading={fetcher.state !== 'idle'}
        accessibilityLabel={`Retry the e-mail to ${to} now`}
      >
        Retry now
      </Button>
    </fetcher.Form>
  );
}

/** E-mails the outbox gave up on (the SMTP server kept refusing them), each with "Retry now". */
export function UndeliveredEmails({ emails }: { emails: UndeliveredEmail[] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          E-mails that could not be sent
        </Text>
        {emails.map((email) => (
          <InlineStack key={email.id} align="space-between" blockAlign="center" gap="200">
            <BlockStack gap="050">
              <Text as="span" fontWeight="semibold">
                {email.subject || 'E-mail'} · {email.to}
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
