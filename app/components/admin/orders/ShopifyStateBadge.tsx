import { Badge } from '@shopify/polaris';

export const SHOPIFY_STATES: Record<
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
