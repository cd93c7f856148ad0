import { BlockStack, Button, InlineStack, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useLanguage, useT } from '~/components/i18n';
import type { AdminOrderDetail } from '~/models/groupOrder/adminOrders.server';
import { KitchenBadge, useKitchenWord } from './KitchenBadge';
import { useRetryFetcher } from './useRetryFetcher';

type Kitchen = AdminOrderDetail['kitchen'];

/** Every kitchen step so far, in the shop's time zone, undone steps struck through. */
function KitchenSteps({
  timeline,
  timeZone,
  orderType,
}: {
  timeline: Kitchen['timeline'];
  timeZone: string;
  orderType: string;
}) {
  const t = useT();
  const word = useKitchenWord();
  const { intlLocale } = useLanguage();
  return (
    <ol aria-label={t('admin.kitchen.timeline')} style={{ margin: 0, paddingLeft: 20 }}>
      {timeline.map((entry, index) => (
        <li key={index} style={entry.undone ? { textDecoration: 'line-through' } : undefined}>
          <Text as="span">
            {word(entry.state, orderType)} ·{' '}
            {new Date(entry.at).toLocaleString(intlLocale, {
              timeZone,
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
            {entry.actor ? ` · ${entry.actor}` : ''}
            {entry.reason ? ` · ${t('admin.kitchen.reason', { reason: entry.reason })}` : ''}
            {entry.undone ? ` ${t('admin.kitchen.undone')}` : ''}
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
  const t = useT();
  return (
    <BlockStack gap="200">
      <TextField
        label={t('admin.kitchen.cancelReason')}
        value={reason}
        onChange={onReason}
        maxLength={300}
        autoComplete="off"
        multiline={2}
      />
      <InlineStack gap="200">
        <Button tone="critical" variant="primary" disabled={!reason.trim() || busy} onClick={onCancel}>
          {t('admin.kitchen.cancelThis')}
        </Button>
        <Button onClick={onKeep}>{t('admin.kitchen.keep')}</Button>
      </InlineStack>
    </BlockStack>
  );
}

/** Where the order is in the kitchen, its timeline, the next step, cancel with a reason, and undo. */
export function KitchenPanel({ order }: { order: AdminOrderDetail }) {
  const t = useT();
  const word = useKitchenWord();
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
          {t('admin.kitchen.title')}
        </Text>
        <KitchenBadge state={kitchen.state} orderType={order.orderType} />
      </InlineStack>
      <KitchenSteps timeline={kitchen.timeline} timeZone={order.timeZone} orderType={order.orderType} />
      {kitchen.cancelReason ? (
        <Text as="p">{t('admin.kitchen.cancelled', { reason: kitchen.cancelReason })}</Text>
      ) : null}
      <InlineStack gap="200">
        {kitchen.next ? (
          <Button
            variant="primary"
            loading={busy}
            onClick={() => post({ intent: 'kitchen-move', to: kitchen.next! })}
          >
            {t('admin.kitchen.mark', { step: word(kitchen.next, order.orderType) })}
          </Button>
        ) : null}
        {kitchen.canUndo ? (
          <Button disabled={busy} onClick={() => post({ intent: 'kitchen-undo' })}>
            {t('admin.kitchen.undo')}
          </Button>
        ) : null}
        {kitchen.state !== 'cancelled' && kitchen.state !== 'collected' && !cancelling ? (
          <Button tone="critical" variant="plain" onClick={() => setCancelling(true)}>
            {t('admin.kitchen.cancel')}
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
