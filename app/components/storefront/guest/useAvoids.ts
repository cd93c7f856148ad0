import { useCallback, useEffect, useState } from 'react';
import { parseAvoids, type Avoid } from '~/lib/allergens';

// What this browser's guest avoids (allergen and diet keys): one list for the browser, kept in local
// storage so that the menu and review pages share it; it goes to the server with the confirm (Guest.avoids)
// and with the usual order.

const AVOIDS_KEY = 'group-order:avoids';

/** The kept list, or null when this browser's guest never used the control. */
function read(): Avoid[] | null {
  try {
    const kept = window.localStorage.getItem(AVOIDS_KEY);
    return kept === null ? null : parseAvoids(kept);
  } catch {
    return null;
  }
}

/**
 * The list (empty until the page runs), a setter that keeps it, and whether the guest ever said (only then
 * does a confirm send it: most confirms then write nothing more to the guest).
 */
export function useAvoids() {
  const [avoids, setState] = useState<Avoid[]>([]);
  const [said, setSaid] = useState(false);
  useEffect(() => {
    const kept = read();
    setState(kept ?? []);
    setSaid(kept !== null);
  }, []);
  const setAvoids = useCallback((next: readonly Avoid[]) => {
    const clean = parseAvoids(next);
    setState(clean);
    setSaid(true);
    try {
      window.localStorage.setItem(AVOIDS_KEY, clean.join(','));
    } catch {
      // Storage blocked: the list holds for this page view.
    }
  }, []);
  return { avoids, setAvoids, said };
}
