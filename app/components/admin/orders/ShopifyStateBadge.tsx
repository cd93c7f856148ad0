import { Badge } from '@shopify/polaris';
import { useT } from '~/components/i18n';

// Each hand-off state's tone; its words are the message admin.shopify.<state>.
const SHOPIFY_TONES: Record<string, 'success' | 'attention' | 'critical' | 'info' | undefined> = {
  none: undefined,
  pending: 'attention',
  sent: 'success',
  failed: 'critical',
};

export function ShopifyStateBadge({ state }: { state: string }) {
  const t = useT();
  const known = state in SHOPIFY_TONES;
  return <Badge tone={SHOPIFY_TONES[state]}>{known ? t(`admin.shopify.${state}`) : state}</Badge>;
}
