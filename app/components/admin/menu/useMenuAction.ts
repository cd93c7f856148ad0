import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import type { MenuActionResult } from './types';

/** Posts to the menu action and shows the result as an App Bridge toast. */
export function useMenuAction(onDone?: () => void) {
  const fetcher = useFetcher<MenuActionResult>();
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) {
      shopify.toast.show(fetcher.data.message);
      onDone?.();
    } else if (!fetcher.data.errors) {
      shopify.toast.show(fetcher.data.message, { isError: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  const submit = (values: Record<string, string>) => fetcher.submit(values, { method: 'post' });
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  return { submit, busy: fetcher.state !== 'idle', errors };
}
