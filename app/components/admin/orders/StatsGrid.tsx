import { BlockStack, Card, InlineGrid, Text } from '@shopify/polaris';
import type { OrderStats } from '~/models/groupOrder/stats.server';

/** The dashboard's six figures, a card each; the money ones say they count submitted orders only. */
export function StatsGrid({ stats, money }: { stats: OrderStats; money: (cents: number) => string }) {
  const cards = [
    { label: 'Total orders', value: String(stats.total) },
    { label: 'Active', value: String(stats.active) },
    { label: 'Submitted', value: String(stats.submitted) },
    { label: 'Revenue (submitted orders)', value: money(stats.revenueCents) },
    { label: "Today's orders", value: String(stats.today) },
    { label: 'Average submitted order', value: money(stats.averageCents) },
  ];
  return (
    <InlineGrid columns={{ xs: 2, md: 3 }} gap="400">
      {cards.map((card) => (
        <Card key={card.label}>
          <BlockStack gap="100">
            <Text as="h2" variant="bodySm" tone="subdued">
              {card.label}
            </Text>
            <Text as="p" variant="headingLg">
              {card.value}
            </Text>
          </BlockStack>
        </Card>
      ))}
    </InlineGrid>
  );
}
