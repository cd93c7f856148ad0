import { Badge } from '@shopify/polaris';
import { useT } from '~/components/i18n';

/** An active order past its deadline no longer accepts orders: it says so, waiting for the host to submit. */
export function StatusBadge({ status, deadlineAt }: { status: string; deadlineAt?: string }) {
  const t = useT();
  if (status !== 'active') return <Badge>{t('admin.status.submitted')}</Badge>;
  if (deadlineAt && new Date(deadlineAt).getTime() <= Date.now())
    return <Badge tone="warning">{t('admin.status.expired')}</Badge>;
  return <Badge tone="success">{t('admin.status.accepting')}</Badge>;
}
