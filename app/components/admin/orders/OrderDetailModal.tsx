import { BlockStack, Divider, InlineStack, List, Modal, Text } from '@shopify/polaris';
import { useT } from '~/components/i18n';
import { paymentLabel } from '~/lib/payment';
import type { AdminOrderDetail } from '~/models/groupOrder/adminOrders.server';
import { StatusBadge } from './StatusBadge';
import { ShopifyStateBadge } from './ShopifyStateBadge';
import { ShopifyHandoff } from './ShopifyHandoff';
import { KitchenPanel } from './KitchenPanel';
import { MoneySection } from './MoneySection';

export type Props = {
  order: AdminOrderDetail | null;
  missing: boolean;
  money: (cents: number) => string;
  onClose: () => void;
};

type Guest = AdminOrderDetail['guests'][number];

/** Status, host, pickup and payment, delivery address, instructions and the Shopify handoff. */
function OrderOverview({ order }: { order: AdminOrderDetail }) {
  const t = useT();
  const when = t(order.orderType === 'delivery' ? 'admin.row.deliveryAt' : 'admin.row.pickupAt', {
    when: order.pickupLabel,
  });
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <StatusBadge status={order.status} deadlineAt={order.deadlineAt} />
        {order.status !== 'active' ? <ShopifyStateBadge state={order.shopify.state} /> : null}
      </InlineStack>
      <Text as="p">
        {t('admin.detail.host', { name: order.hostName, email: order.hostEmail, company: order.companyName })}
      </Text>
      <Text as="p">
        {t('admin.detail.when', {
          when,
          payment: paymentLabel(order.paymentMethod, (id) => t(`admin.settings.${id}`)),
        })}
      </Text>
      {order.deliveryAddress ? (
        <Text as="p">{t('admin.detail.deliverTo', { address: order.deliveryAddress })}</Text>
      ) : null}
      {order.instructions ? (
        <Text as="p">{t('admin.detail.instructions', { text: order.instructions })}</Text>
      ) : null}
      {order.status !== 'active' ? <ShopifyHandoff order={order} /> : null}
    </BlockStack>
  );
}

/** One guest's part: name, total, each item with its modifiers and note, and the guest's own note. */
function GuestOrder({ guest, money }: { guest: Guest; money: (cents: number) => string }) {
  const t = useT();
  return (
    <BlockStack gap="100">
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
            {t('admin.detail.line', { quantity: item.quantity, name: item.name })}
            {item.modifiers.length ? ` — ${item.modifiers.join(', ')}` : ''}
            {item.note ? (
              <Text as="span" tone="subdued" breakWord>
                {' '}
                · {t('admin.detail.itemNote', { note: item.note })}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
      {guest.specialInstructions ? (
        <Text as="p">{t('admin.detail.guestNote', { note: guest.specialInstructions })}</Text>
      ) : null}
      <Divider />
    </BlockStack>
  );
}

/** Who ordered what, guest by guest, and the order's total. */
function GuestOrders({ order, money }: { order: AdminOrderDetail; money: (cents: number) => string }) {
  const t = useT();
  return (
    <BlockStack gap="400">
      <Text as="h3" variant="headingMd">
        {t('admin.detail.summary', { guests: order.guests.length, items: order.totalItems })}
      </Text>
      {order.guests.length === 0 ? <Text as="p">{t('admin.detail.nobody')}</Text> : null}
      {order.guests.map((guest) => (
        <GuestOrder key={guest.guestId ?? guest.guestName} guest={guest} money={money} />
      ))}
      <InlineStack align="space-between">
        <Text as="span" variant="headingMd">
          {t('admin.detail.total')}
        </Text>
        <Text as="span" variant="headingMd">
          {money(order.totalCents)}
        </Text>
      </InlineStack>
    </BlockStack>
  );
}

/** The detail of one group order: who ordered what, with modifiers, notes and totals. */
export function OrderDetailModal({ order, missing, money, onClose }: Props) {
  const t = useT();
  if (!order) {
    return (
      <Modal open={missing} onClose={onClose} title={t('admin.detail.notFound')}>
        <Modal.Section>
          <Text as="p">{t('admin.detail.notFoundText')}</Text>
        </Modal.Section>
      </Modal>
    );
  }
  const title = `${order.title} · ${order.code}`;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="large"
      primaryAction={{ content: t('admin.detail.openHost'), url: order.hostDashboardUrl, target: '_blank' }}
      secondaryActions={[{ content: t('admin.detail.close'), onAction: onClose }]}
    >
      <Modal.Section>
        <OrderOverview order={order} />
      </Modal.Section>
      {order.kitchen.submitted ? (
        <Modal.Section>
          <KitchenPanel order={order} />
        </Modal.Section>
      ) : null}
      <Modal.Section>
        <GuestOrders order={order} money={money} />
      </Modal.Section>
      <Modal.Section>
        <MoneySection order={order} money={money} />
      </Modal.Section>
    </Modal>
  );
}
