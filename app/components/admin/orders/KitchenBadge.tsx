import { Badge } from '@shopify/polaris';
import { useCallback } from 'react';
import { useT } from '~/components/i18n';

export const KITCHEN_TONES: Record<string, 'info' | 'attention' | 'success' | 'critical' | undefined> = {
  received: 'info',
  preparing: 'attention',
  ready: 'success',
  cancelled: 'critical',
};

/** A kitchen step in the admin's language; a delivery's "collected" reads "Delivered". */
export function useKitchenWord() {
  const t = useT();
  return useCallback(
    (state: string, orderType: string) =>
      t(`admin.kitchen.state.${state === 'collected' && orderType === 'delivery' ? 'delivered' : state}`),
    [t],
  );
}

export function KitchenBadge({ state, orderType }: { state: string | null; orderType: string }) {
  const t = useT();
  const word = useKitchenWord();
  if (!state) return null;
  return (
    <Badge tone={KITCHEN_TONES[state]}>{t('admin.kitchenBadge', { label: word(state, orderType) })}</Badge>
  );
}
