import { describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { consumeOrRefuse } from './rateLimits.server';
import { asHttp } from '../../../test/support/http';

describe('rate limits under a burst', () => {
  it('let exactly the budget through when many requests for one key arrive at once', async () => {
    // 'lookups' allows 30 per 10 minutes. On PostgreSQL the requests run on several pooled connections
    // at the same moment, as they would on several instances.
    const key = `burst.myshopify.com:203.0.113.${Math.floor(Math.random() * 200)}`;
    const results = await Promise.allSettled(
      Array.from({ length: 45 }, () => asHttp(consumeOrRefuse('lookups', key))),
    );
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r.reason as Response).status);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    expect(refused).toEqual(Array(15).fill(429));
    const row = await prisma.rateLimiterFlexible.findUniqueOrThrow({ where: { key: `lookups:${key}` } });
    expect(row.points).toBe(45);
  });
});

describe('rate limit windows', () => {
  it('count within a window, refuse past the budget with the time left, and start again once it ended', async () => {
    const key = `window.myshopify.com:198.51.100.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < 30; i++) await consumeOrRefuse('lookups', key);
    const refused = (await asHttp(consumeOrRefuse('lookups', key)).catch((error) => error)) as Response;
    expect(refused.status).toBe(429);
    // 'lookups' is a 10-minute window: the answer says when to come back.
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(500);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(600);
    const row = await prisma.rateLimiterFlexible.findUniqueOrThrow({ where: { key: `lookups:${key}` } });
    expect(row.points).toBe(31);
    expect(row.expire!.getTime()).toBeGreaterThan(Date.now() + 500_000);

    // The window ends: the next request starts a new one with a new end.
    await prisma.rateLimiterFlexible.update({
      where: { key: `lookups:${key}` },
      data: { expire: new Date(Date.now() - 1000) },
    });
    await consumeOrRefuse('lookups', key);
    const restarted = await prisma.rateLimiterFlexible.findUniqueOrThrow({
      where: { key: `lookups:${key}` },
    });
    expect(restarted.points).toBe(1);
    expect(restarted.expire!.getTime()).toBeGreaterThan(Date.now() + 500_000);
  });
});
