import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';

/** Shows the action's answer as an App Bridge toast. */
export function useRetryFetcher() {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) {
      shopify.toast.show(fetcher.data.message, { isError: !fetcher.data.ok });
    }
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
