import { Badge } from '@shopify/polaris';
import { useT } from '~/components/i18n';

export const KITCHEN_TONES: Record<string, 'info' | 'attention' | 'success' | 'critical' | undefined> = {
  received: 'info',
  preparing: 'attention',
  ready: 'success',
  cancelled: 'critical',
};

export function KitchenBadge({ state, label }: { state: string | null; label: string | null }) {
  const t = useT();
  if (!state || !label) return null;
  return <Badge tone={KITCHEN_TONES[state]}>{t('admin.kitchenBadge', { label })}</Badge>;
}
