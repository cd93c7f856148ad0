import { useCallback, useEffect, useState } from 'react';
import { parseAvoids, type Avoid } from '~/lib/allergens';

// What this browser's guest avoids (allergen and diet keys): one list for the browser, kept in local
// storage so that the menu and review pages share it; it goes to the server with the confirm (Guest.avoids)
// and with the usual order.

const AVOIDS_KEY = 'group-order:avoids';

function read(): Avoid[] {
  try {
    return parseAvoids(window.localStorage.getItem(AVOIDS_KEY) ?? '');
  } catch {
    return [];
  }
}

/** The list (empty until the page runs) and a setter that keeps it. */
export function useAvoids() {
  const [avoids, setState] = useState<Avoid[]>([]);
  useEffect(() => setState(read()), []);
  const setAvoids = useCallback((next: readonly Avoid[]) => {
    const clean = parseAvoids(next);
    setState(clean);
    try {
      window.localStorage.setItem(AVOIDS_KEY, clean.join(','));
    } catch {
      // Storage blocked: the list holds for this page view.
    }
  }, []);
  return [avoids, setAvoids] as const;
}
