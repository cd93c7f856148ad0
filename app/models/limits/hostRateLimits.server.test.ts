import { describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { consumeOrRefuse } from './hostRateLimits.server';
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
