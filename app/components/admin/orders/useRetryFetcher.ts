import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';

/**
 * Shows the action's answer as an App Bridge toast. `key`: for a button whose component is mounted again
 * by its own answer (a prep board card moves to its next column), so the new one still has the answer.
 */
export function useRetryFetcher(key?: string) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key });
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) {
      shopify.toast.show(fetcher.data.message, { isError: !fetcher.data.ok });
    }
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
