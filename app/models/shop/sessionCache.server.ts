import type { Session } from '@shopify/shopify-api';
import { LRUCache } from 'lru-cache';

// Every storefront request (page or API call) loads the shop's offline session to verify the app proxy
// and build its Admin API client: one database read per request, the largest part of that check. The
// session changes only when the shop installs, re-authorizes, changes scopes or uninstalls, so a few
// seconds of caching in the process serves a lunch rush from memory.
//
// Freshness: this process forgets a shop's sessions as soon as it stores or deletes one (OAuth, and the
// uninstall, scopes and shop-redact webhooks once committed: forgetShopSessions). Another instance sees
// such a change within SESSION_CACHE_MS. A stale session after an uninstall can only make an Admin API call that Shopify
// refuses; it gives no access to another shop's data (keys are per shop). Misses are cached too, so a
// stranger naming shops that never installed costs one read per shop per interval, not one per request.

export const SESSION_CACHE_MS = 5_000;
/** Sessions (and misses) one process keeps; the least recently read goes first. */
export const SESSIONS_KEPT = 5_000;

/** What Shopify's library needs from session storage. */
export interface SessionStore {
  storeSession(session: Session): Promise<boolean>;
  loadSession(id: string): Promise<Session | undefined>;
  deleteSession(id: string): Promise<boolean>;
  deleteSessions(ids: string[]): Promise<boolean>;
  findSessionsByShop(shop: string): Promise<Session[]>;
}

/** A cached read; `session` undefined is a cached miss (the cache itself keeps no undefined values). */
type Entry = { session: Session | undefined };
const caches = new Set<CachedSessionStorage>();

export class CachedSessionStorage implements SessionStore {
  #entries: LRUCache<string, Entry>;

  constructor(
    private readonly store: SessionStore,
    ttlMs = SESSION_CACHE_MS,
    private readonly now = () => Date.now(),
  ) {
    // The clock is read on every look-up (ttlResolution 0), so an injected clock is obeyed at once.
    this.#entries = new LRUCache({ max: SESSIONS_KEPT, ttl: ttlMs, ttlResolution: 0, perf: { now } });
    caches.add(this);
  }

  async loadSession(id: string) {
    const hit = this.#entries.get(id);
    if (hit) return hit.session;
    // The entry's age counts from before the query: it never outlives a change made while it was read.
    const start = this.now();
    const session = await this.store.loadSession(id);
    this.#entries.set(id, { session }, { start });
    return session;
  }

  async storeSession(session: Session) {
    this.forgetShop(session.shop, session.id);
    try {
      return await this.store.storeSession(session);
    } finally {
      this.forgetShop(session.shop, session.id);
    }
  }

  async deleteSession(id: string) {
    this.#entries.delete(id);
    return this.store.deleteSession(id);
  }

  async deleteSessions(ids: string[]) {
    for (const id of ids) this.#entries.delete(id);
    return this.store.deleteSessions(ids);
  }

  findSessionsByShop(shop: string) {
    return this.store.findSessionsByShop(shop);
  }

  forgetAll() {
    this.#entries.clear();
  }

  /** Drops every cached session of the shop (and `id`, also when it was cached as a miss). */
  forgetShop(shop: string, id?: string) {
    if (id) this.#entries.delete(id);
    const keys = [...this.#entries.entries()]
      .filter(([key, entry]) => key === `offline_${shop}` || entry.session?.shop === shop)
      .map(([key]) => key);
    for (const key of keys) this.#entries.delete(key);
  }
}

/** After a write to the Session table outside the storage (webhooks): this process reads it afresh. */
export function forgetShopSessions(shop: string) {
  for (const cache of caches) cache.forgetShop(shop);
}

/** Tests write the Session table directly between cases: each case starts with nothing cached. */
export function forgetAllSessions() {
  for (const cache of caches) cache.forgetAll();
}
