import { Button } from '@shopify/polaris';
import { useRetryFetcher } from './useRetryFetcher';

/** "Retry now" for a failed or stuck Shopify hand-off. */
export function HandoffRetryButton({ id, code }: { id: number; code: string }) {
  const fetcher = useRetryFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry-shopify" />
      <input type="hidden" name="id" value={id} />
      <Button
        submit
        size="slim"
        loading={fetcher.state !== 'idle'}
        accessibilityLabel={`Retry sending ${code} to Shopify now`}
      >
        Retry now
      </Button>
    </fetcher.Form>
  );
}
