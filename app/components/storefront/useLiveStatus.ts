import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '~/components/storefront/api';

// What an open guest or host page knows about the order right now. The app proxy has no websockets or
// cookies, so pages ask GET /api/group-orders/{id}/status: every 15 s while the tab is visible, at once
// when it becomes visible again, backing off (up to 2 minutes) while the server does not answer, and not
// at all once the order is finished (collected or cancelled). One small read per open page.

export type LiveStatus = {
  status: string;
  deadlineAt: string;
  closedMessage: string | null;
  changedAt: string;
  submitted: boolean;
  state: string | null;
  label: string | null;
  cancelReason: string | null;
  timeline: { state: string; label: string; at: string; reason: string | null; undone: boolean }[];
};

export const LIVE_STATUS_MS = 15_000;
export const LIVE_STATUS_MAX_MS = 120_000;

const FINISHED = new Set(['collected', 'cancelled']);

export function useLiveStatus(orderId: number, { enabled = true }: { enabled?: boolean } = {}) {
  const [live, setLive] = useState<LiveStatus | null>(null);
  const failures = useRef(0);
  const finished = useRef(false);
  const lastAsked = useRef(0);

  const load = useCallback(async () => {
    lastAsked.current = Date.now();
    const result = await callApi<LiveStatus>(`/group-orders/${orderId}/status`);
    if (!result.ok) {
      failures.current += 1;
      return;
    }
    failures.current = 0;
    finished.current = Boolean(result.body.state && FINISHED.has(result.body.state));
    setLive(result.body);
  }, [orderId]);

  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    // One chain of timers at a time: a tab coming back starts a new chain and the old one ends.
    let chain = 0;
    const visible = () => document.visibilityState === 'visible';
    const tick = async (mine: number) => {
      if (visible()) await load();
      if (mine !== chain || finished.current) return;
      const delay = Math.min(LIVE_STATUS_MS * 2 ** failures.current, LIVE_STATUS_MAX_MS);
      timer = window.setTimeout(() => tick(mine), delay);
    };
    const onVisible = () => {
      // Back on the tab: ask now, unless the last answer is only a moment old.
      if (!visible() || finished.current || Date.now() - lastAsked.current < 3_000) return;
      window.clearTimeout(timer);
      chain += 1;
      tick(chain);
    };
    tick(chain);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      chain = -1;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, load]);

  return live;
}
