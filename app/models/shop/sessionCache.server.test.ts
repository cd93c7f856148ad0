import { Session } from '@shopify/shopify-api';
import { describe, expect, it } from 'vitest';
import {
  CachedSessionStorage,
  forgetShopSessions,
  SESSIONS_KEPT,
  type SessionStore,
} from './sessionCache.server';

/** A store that counts its reads, over a plain map. */
function countingStore() {
  const sessions = new Map<string, Session>();
  const store: SessionStore & { reads: number } = {
    reads: 0,
    async storeSession(session) {
      sessions.set(session.id, session);
      return true;
    },
    async loadSession(id) {
      store.reads += 1;
      return sessions.get(id);
    },
    async deleteSession(id) {
      return sessions.delete(id);
    },
    async deleteSessions(ids) {
      for (const id of ids) sessions.delete(id);
      return true;
    },
    async findSessionsByShop(shop) {
      return [...sessions.values()].filter((s) => s.shop === shop);
    },
  };
  return { store, sessions };
}

const offline = (shop: string, accessToken = 'token-1') =>
  new Session({ id: `offline_${shop}`, shop, state: '', isOnline: false, accessToken });

describe('CachedSessionStorage', () => {
  it('reads a session once per interval, and again when the interval is over', async () => {
    const { store } = countingStore();
    let now = 1_000;
    const cache = new CachedSessionStorage(store, 5_000, () => now);
    await store.storeSession(offline('a.myshopify.com'));
    for (let i = 0; i < 10; i++) {
      expect((await cache.loadSession('offline_a.myshopify.com'))?.accessToken).toBe('token-1');
    }
    expect(store.reads).toBe(1);
    now += 5_001;
    await cache.loadSession('offline_a.myshopify.com');
    expect(store.reads).toBe(2);
  });

  it('caches a miss too, and forgets it when the shop installs', async () => {
    const { store } = countingStore();
    const cache = new CachedSessionStorage(store);
    expect(await cache.loadSession('offline_new.myshopify.com')).toBeUndefined();
    expect(await cache.loadSession('offline_new.myshopify.com')).toBeUndefined();
    expect(store.reads).toBe(1);
    await cache.storeSession(offline('new.myshopify.com'));
    expect((await cache.loadSession('offline_new.myshopify.com'))?.shop).toBe('new.myshopify.com');
  });

  it('drops a shop at once when its sessions are deleted or changed behind the storage (webhooks)', async () => {
    const { store, sessions } = countingStore();
    const cache = new CachedSessionStorage(store);
    await cache.storeSession(offline('a.myshopify.com'));
    await cache.storeSession(offline('b.myshopify.com'));
    await cache.loadSession('offline_a.myshopify.com');
    await cache.loadSession('offline_b.myshopify.com');
    sessions.delete('offline_a.myshopify.com');
    forgetShopSessions('a.myshopify.com');
    expect(await cache.loadSession('offline_a.myshopify.com')).toBeUndefined();
    // Another shop's entry is untouched.
    const reads = store.reads;
    expect((await cache.loadSession('offline_b.myshopify.com'))?.shop).toBe('b.myshopify.com');
    expect(store.reads).toBe(reads);
    await cache.deleteSession('offline_b.myshopify.com');
    expect(await cache.loadSession('offline_b.myshopify.com')).toBeUndefined();
  });

  it('keeps at most SESSIONS_KEPT shops, dropping the least recently read: a busy shop stays', async () => {
    const { store } = countingStore();
    const cache = new CachedSessionStorage(store);
    const busy = 'offline_busy.myshopify.com';
    await cache.loadSession(busy);
    // A stranger names shops that never installed, one after the other; the busy shop keeps being read.
    for (let i = 0; i < SESSIONS_KEPT; i++) {
      await cache.loadSession(`offline_stranger-${i}.myshopify.com`);
      if (i % 100 === 0) await cache.loadSession(busy);
    }
    const reads = store.reads;
    await cache.loadSession(busy);
    expect(store.reads).toBe(reads);
    // The first stranger was read least recently and went to make room.
    await cache.loadSession('offline_stranger-0.myshopify.com');
    expect(store.reads).toBe(reads + 1);
  });
});
