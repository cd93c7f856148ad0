import { useSearchParams } from '@remix-run/react';

/**
 * The page's search params and a way to change some of them (null removes one) without scrolling: how the
 * admin pages keep their tab, search, page and open modal in the URL.
 */
export function useSearchUpdate() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { preventScrollReset: true });
  };
  return [params, update] as const;
}
