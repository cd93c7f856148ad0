import { useFetcher } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  InlineStack,
  Link,
  List,
  Modal,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { paymentLabel } from '~/lib/payment';
import type { AdminOrderDetail, UndeliveredEmail } from '~/models/adminOrders.server';
import type { DraftCompletion } from '~/models/draftOrderStatus.server';

/** An active order past its deadline no longer accepts orders: it says so, waiting for the host to submit. */
export function StatusBadge({ status, deadlineAt }: { status: string; deadlineAt?: string }) {
  if (status !== 'active') return <Badge>Submitted</Badge>;
  if (deadlineAt && new Date(deadlineAt).getTime() <= Date.now())
    return <Badge tone="warning">Expired · not submitted</Badge>;
  return <Badge tone="success">Accepting Orders</Badge>;
}

const SHOPIFY_STATES: Record<
  string,
  { label: string; tone?: 'success' | 'attention' | 'critical' | 'info' }
> = {
  none: { label: 'Not sent to Shopify' },
  pending: { label: 'Sending to Shopify', tone: 'attention' },
  sent: { label: 'Draft order created', tone: 'success' },
  failed: { label: 'Shopify hand-off failed', tone: 'critical' },
};

export function ShopifyStateBadge({ state }: { state: string }) {
  const entry = SHOPIFY_STATES[state] ?? { label: state };
  return <Badge tone={entry.tone}>{entry.label}</Badge>;
}

type Props = {
  order: AdminOrderDetail | null;
  missing: boolean;
  money: (cents: number) => string;
  onClose: () => void;
};

/** The detail of one group order: who ordered what, with modifiers, notes and totals. */
export function OrderDetailModal({ order, missing, money, onClose }: Props) {
  if (!order) {
    return (
      <Modal open={missing} onClose={onClose} title="Group order not found">
        <Modal.Section>
          <Text as="p">This group order does not exist in your shop.</Text>
        </Modal.Section>
      </Modal>
    );
  }
  const title = `${order.name || `${order.companyName} Order`} · ${order.code}`;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="large"
      primaryAction={{ content: 'Open host dashboard', url: order.hostDashboardUrl, target: '_blank' }}
      secondaryActions={[{ content: 'Close', onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            <StatusBadge status={order.status} deadlineAt={order.deadlineAt} />
            {order.status !== 'active' ? <ShopifyStateBadge state={order.shopify.state} /> : null}
          </InlineStack>
          <Text as="p">
            Host: {order.hostName} ({order.hostEmail}) · {order.companyName}
          </Text>
          <Text as="p">
            {order.orderType === 'delivery' ? 'Delivery' : 'Pickup'} {order.pickupLabel} ·{' '}
            {paymentLabel(order.paymentMethod)}
          </Text>
          {order.deliveryAddress ? <Text as="p">Deliver to: {order.deliveryAddress}</Text> : null}
          {order.instructions ? <Text as="p">Instructions: {order.instructions}</Text> : null}
          {order.status !== 'active' ? <ShopifyHandoff order={order} /> : null}
        </BlockStack>
      </Modal.Section>
      {order.kitchen.submitted ? (
        <Modal.Section>
          <KitchenPanel order={order} />
        </Modal.Section>
      ) : null}
      <Modal.Section>
        <BlockStack gap="400">
          <Text as="h3" variant="headingMd">
            {order.guests.length} {order.guests.length === 1 ? 'guest' : 'guests'} · {order.totalItems} items
          </Text>
          {order.guests.length === 0 ? <Text as="p">No one has ordered yet.</Text> : null}
          {order.guests.map((guest) => (
            <BlockStack gap="100" key={guest.guestId ?? guest.guestName}>
              <InlineStack align="space-between">
                <Text as="h4" variant="headingSm">
                  {guest.guestName}
                  {guest.guestInitials ? ` (${guest.guestInitials})` : ''}
                </Text>
                <Text as="span" fontWeight="semibold">
                  {money(guest.totalCents)}
                </Text>
              </InlineStack>
              <List type="bullet">
                {guest.items.map((item) => (
                  <List.Item key={item.id}>
                    {item.quantity} x {item.name}
                    {item.modifiers.length ? ` — ${item.modifiers.join(', ')}` : ''}
                  </List.Item>
                ))}
              </List>
              {guest.specialInstructions ? <Text as="p">Note: {guest.specialInstructions}</Text> : null}
              <Divider />
            </BlockStack>
          ))}
          <InlineStack align="space-between">
            <Text as="span" variant="headingMd">
              Total
            </Text>
            <Text as="span" variant="headingMd">
              {money(order.totalCents)}
            </Text>
          </InlineStack>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

function ShopifyHandoff({
  order,
}: {
  order: AdminOrderDetail & { shopifyCompletion?: DraftCompletion | null };
}) {
  const { shopify } = order;
  const completed = order.shopifyCompletion?.status === 'COMPLETED' ? order.shopifyCompletion : null;
  return (
    <Box>
      {completed ? (
        <Text as="p" tone="success" fontWeight="semibold">
          Completed in Shopify{completed.orderName ? ` as order ${completed.orderName}` : ''}
          {completed.completedText ? `, ${completed.completedText}` : ''}
        </Text>
      ) : null}
      {shopify.state === 'sent' && shopify.draftOrderUrl ? (
        <Text as="p">
          Shopify draft order{' '}
          <Link url={shopify.draftOrderUrl} target="_blank">
            {shopify.draftOrderName ?? 'open in Shopify'}
          </Link>
          {order.paymentMethod === 'invoice' && order.shopifyInvoiceUrl ? ' · invoice sent to the host' : ''}
        </Text>
      ) : null}
      {shopify.state === 'pending' && !shopify.retryable ? (
        <Text as="p">Sending to Shopify; it retries on its own if Shopify is busy.</Text>
      ) : null}
      {shopify.state === 'pending' && shopify.retryable ? (
        <BlockStack gap="200">
          <Text as="p" tone="caution">
            Not in Shopify yet
            {shopify.error ? `: ${shopify.error}` : ': the hand-off was interrupted or is overdue.'} It
            retries on its own; you can retry now.
          </Text>
          <HandoffRetryButton id={order.id} code={order.code} />
        </BlockStack>
      ) : null}
      {shopify.state === 'failed' ? (
        <BlockStack gap="200">
          <Text as="p" tone="critical">
            Shopify refused the draft order: {shopify.error}
          </Text>
          <HandoffRetryButton id={order.id} code={order.code} />
        </BlockStack>
      ) : null}
    </Box>
  );
}

const KITCHEN_TONES: Record<string, 'info' | 'attention' | 'success' | 'critical' | undefined> = {
  received: 'info',
  preparing: 'attention',
  ready: 'success',
  cancelled: 'critical',
};

export function KitchenBadge({ state, label }: { state: string | null; label: string | null }) {
  if (!state || !label) return null;
  return <Badge tone={KITCHEN_TONES[state]}>{`Kitchen: ${label}`}</Badge>;
}

/** Where the order is in the kitchen, its timeline, the next step, cancel with a reason, and undo. */
export function KitchenPanel({ order }: { order: AdminOrderDetail }) {
  const { kitchen } = order;
  const fetcher = useRetryFetcher();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const busy = fetcher.state !== 'idle';
  const post = (fields: Record<string, string>) =>
    fetcher.submit({ id: String(order.id), ...fields }, { method: 'post' });
  return (
    <BlockStack gap="300">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="headingMd">
          Kitchen
        </Text>
        <KitchenBadge state={kitchen.state} label={kitchen.label} />
      </InlineStack>
      <ol aria-label="Kitchen timeline" style={{ margin: 0, paddingLeft: 20 }}>
        {kitchen.timeline.map((entry, index) => (
          <li key={index} style={entry.undone ? { textDecoration: 'line-through' } : undefined}>
            <Text as="span">
              {entry.label} ·{' '}
              {new Date(entry.at).toLocaleString('en-AU', {
                timeZone: order.timeZone,
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
              {entry.actor ? ` · ${entry.actor}` : ''}
              {entry.reason ? ` · Reason: ${entry.reason}` : ''}
              {entry.undone ? ' (undone)' : ''}
            </Text>
          </li>
        ))}
      </ol>
      {kitchen.cancelReason ? <Text as="p">Cancelled: {kitchen.cancelReason}</Text> : null}
      <InlineStack gap="200">
        {kitchen.next && kitchen.nextLabel ? (
          <Button
            variant="primary"
            loading={busy}
            onClick={() => post({ intent: 'kitchen-move', to: kitchen.next! })}
          >
            {`Mark ${kitchen.nextLabel}`}
          </Button>
        ) : null}
        {kitchen.canUndo ? (
          <Button disabled={busy} onClick={() => post({ intent: 'kitchen-undo' })}>
            Undo last step
          </Button>
        ) : null}
        {kitchen.state !== 'cancelled' && kitchen.state !== 'collected' && !cancelling ? (
          <Button tone="critical" variant="plain" onClick={() => setCancelling(true)}>
            Cancel order…
          </Button>
        ) : null}
      </InlineStack>
      {cancelling ? (
        <BlockStack gap="200">
          <TextField
            label="Reason for cancelling (the host and guests are told)"
            value={reason}
            onChange={setReason}
            maxLength={300}
            autoComplete="off"
            multiline={2}
          />
          <InlineStack gap="200">
            <Button
              tone="critical"
              variant="primary"
              disabled={!reason.trim() || busy}
              onClick={() => {
                post({ intent: 'kitchen-move', to: 'cancelled', reason });
                setCancelling(false);
              }}
            >
              Cancel this order
            </Button>
            <Button onClick={() => setCancelling(false)}>Keep it</Button>
          </InlineStack>
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}

/** Shows the action's answer as an App Bridge toast. */
function useRetryFetcher() {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) {
      shopify.toast.show(fetcher.data.message, { isError: !fetcher.data.ok });
    }
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

/** "Retry now" for a failed or stuck Shopify hand-off. */
export function HandoffRetryButton({ id, code }: { id: number; code: string }) {
  const fetcher = useRetryFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry-shopify" />
      <input type="hidden" name="id" value={id} />
      <Button
        submit
        size="slim"
        loading={fetcher.state !== 'idle'}
        accessibilityLabel={`Retry sending ${code} to Shopify now`}
      >
        Retry now
      </Button>
    </fetcher.Form>
  );
}

function EmailRetryButton({ id, to }: { id: number; to: string }) {
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
