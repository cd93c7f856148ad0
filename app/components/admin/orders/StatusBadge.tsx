import { Badge } from '@shopify/polaris';

/** An active order past its deadline no longer accepts orders: it says so, waiting for the host to submit. */
export function StatusBadge({ status, deadlineAt }: { status: string; deadlineAt?: string }) {
  if (status !== 'active') return <Badge>Submitted</Badge>;
  if (deadlineAt && new Date(deadlineAt).getTime() <= Date.now())
    return <Badge tone="warning">Expired · not submitted</Badge>;
  return <Badge tone="success">Accepting Orders</Badge>;
}
