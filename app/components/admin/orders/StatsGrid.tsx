import { BlockStack, Card, InlineGrid, Text } from '@shopify/polaris';
import { useT } from '~/components/i18n';
import type { OrderStats } from '~/models/groupOrder/stats.server';

/** The dashboard's six figures, a card each; the money ones say they count submitted orders only. */
export function StatsGrid({ stats, money }: { stats: OrderStats; money: (cents: number) => string }) {
  const t = useT();
  const cards = [
    { label: t('admin.stats.total'), value: String(stats.total) },
    { label: t('admin.stats.active'), value: String(stats.active) },
    { label: t('admin.stats.submitted'), value: String(stats.submitted) },
    { label: t('admin.stats.revenue'), value: money(stats.revenueCents) },
    { label: t('admin.stats.today'), value: String(stats.today) },
    { label: t('admin.stats.average'), value: money(stats.averageCents) },
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
