import { BlockStack, Button, InlineStack, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import type { AdminOrderDetail } from '~/models/groupOrder/adminOrders.server';
import { KitchenBadge } from './KitchenBadge';
import { useRetryFetcher } from './useRetryFetcher';

type Kitchen = AdminOrderDetail['kitchen'];

/** Every kitchen step so far, in the shop's time zone, undone steps struck through. */
function KitchenSteps({ timeline, timeZone }: { timeline: Kitchen['timeline']; timeZone: string }) {
  return (
    <ol aria-label="Kitchen timeline" style={{ margin: 0, paddingLeft: 20 }}>
      {timeline.map((entry, index) => (
        <li key={index} style={entry.undone ? { textDecoration: 'line-through' } : undefined}>
          <Text as="span">
            {entry.label} ·{' '}
            {new Date(entry.at).toLocaleString('en-AU', {
              timeZone,
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
  );
}

/** Cancelling asks for a reason (the host and guests are told it) before it goes. */
function CancelOrderForm({
  reason,
  onReason,
  busy,
  onCancel,
  onKeep,
}: {
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  onCancel: () => void;
  onKeep: () => void;
}) {
  return (
    <BlockStack gap="200">
      <TextField
        label="Reason for cancelling (the host and guests are told)"
        value={reason}
        onChange={onReason}
        maxLength={300}
        autoComplete="off"
        multiline={2}
      />
      <InlineStack gap="200">
        <Button tone="critical" variant="primary" disabled={!reason.trim() || busy} onClick={onCancel}>
          Cancel this order
        </Button>
        <Button onClick={onKeep}>Keep it</Button>
      </InlineStack>
    </BlockStack>
  );
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
      <KitchenSteps timeline={kitchen.timeline} timeZone={order.timeZone} />
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
        <CancelOrderForm
          reason={reason}
          onReason={setReason}
          busy={busy}
          onCancel={() => {
            post({ intent: 'kitchen-move', to: 'cancelled', reason });
            setCancelling(false);
          }}
          onKeep={() => setCancelling(false)}
        />
      ) : null}
    </BlockStack>
  );
}
