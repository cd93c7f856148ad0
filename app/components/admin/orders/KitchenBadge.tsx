import { Badge } from '@shopify/polaris';

export const KITCHEN_TONES: Record<string, 'info' | 'attention' | 'success' | 'critical' | undefined> = {
  received: 'info',
  preparing: 'attention',
  ready: 'success',
  cancelled: 'critical',
};

export function KitchenBadge({ state, label }: { state: string | null; label: string | null }) {
  if (!state || !label) return null;
  return <Badge tone={KITCHEN_TONES[state]}>{`Kitchen: ${label}`}</Badge>;
}
