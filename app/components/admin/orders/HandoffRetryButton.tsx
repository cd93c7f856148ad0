import { Button } from '@shopify/polaris';
import { useRetryFetcher } from './useRetryFetcher';
import { useT } from '~/components/i18n';

/** "Retry now" for a failed or stuck Shopify hand-off. */
export function HandoffRetryButton({ id, code }: { id: number; code: string }) {
  const t = useT();
  const fetcher = useRetryFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry-shopify" />
      <input type="hidden" name="id" value={id} />
      <Button
        submit
        size="slim"
        loading={fetcher.state !== 'idle'}
        accessibilityLabel={t('admin.retryHandoffLabel', { code })}
      >
        {t('admin.retry')}
      </Button>
    </fetcher.Form>
  );
}
