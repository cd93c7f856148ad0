import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import prisma, { provider } from '../db.server';

// Limits for the host features that send e-mail or reveal orders. Counters live in the database
// (RateLimiterFlexible model), so every app instance shares them.
//
// Why these numbers:
// - Invitations, per order: 50 addresses per hour. An office group order rarely passes 30 people; 50
//   leaves room for a whole floor plus re-sends after typos, while a leaked host token can turn one order
//   into at most 50 unwanted e-mails an hour.
// - Invitations, per shop: 300 addresses per hour. Creating many orders must not multiply the per-order
//   budget without bound: this caps what one shop's storefront can make our sender domain send (sender
//   reputation and SMTP provider quotas), and still fits ~10 busy group orders at once.
// - Ownership-claim links, per order: 3 per 15 minutes ("it did not arrive, send again" twice). The link
//   only ever goes to the host's own address, so the risk is annoying the host, not reaching others.
// - Ownership-claim links, per shop: 30 per hour, the same reasoning across all orders.
// - Order look-ups (Find order, by-email API), per shop and client IP: 30 per 10 minutes. A person
//   searching for their order needs a handful of tries; this makes harvesting codes by guessing e-mail
//   addresses or codes slow (codes have 31^6 ≈ 887 million values).
export const LIMITS = {
  invitesPerOrder: {
    points: 50,
    duration: 60 * 60,
    message: 'This order has sent as many invitations as it can for now.',
  },
  invitesPerShop: {
    points: 300,
    duration: 60 * 60,
    message: 'This shop has sent as many invitations as it can for now.',
  },
  claimsPerOrder: {
    points: 3,
    duration: 15 * 60,
    message: 'We have already sent several links for this order.',
  },
  claimsPerShop: {
    points: 30,
    duration: 60 * 60,
    message: 'Too many ownership links were requested in this shop.',
  },
  lookups: { points: 30, duration: 10 * 60, message: 'Too many searches from your connection.' },
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * On PostgreSQL several instances (and several connections of one) consume the same keys at once. The
 * library's Prisma store reads, then writes, in a transaction, which under PostgreSQL's READ COMMITTED
 * loses concurrent increments (or fails on the insert race), letting more through than the budget. Here
 * one INSERT ... ON CONFLICT DO UPDATE counts atomically, with the library's rules for when a window
 * restarts. SQLite serialises its writers, so the library's own store stays there.
 */
class AtomicPostgresRateLimiter extends RateLimiterPrisma {
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration).toISOString() : null;
    const restart = `($4::boolean OR r."expire" IS NULL OR r."expire" <= $5::timestamp(3) OR $3::timestamp(3) IS NULL)`;
    const rows = await prisma.$queryRawUnsafe<{ points: number; expireMs: number | null }[]>(
      `INSERT INTO "RateLimiterFlexible" AS r ("key", "points", "expire")
       VALUES ($1, $2, $3::timestamp(3))
       ON CONFLICT ("key") DO UPDATE SET
         "points" = CASE WHEN ${restart} THEN EXCLUDED."points" ELSE r."points" + EXCLUDED."points" END,
         "expire" = CASE WHEN ${restart} THEN EXCLUDED."expire" ELSE r."expire" END
       RETURNING r."points", (extract(epoch FROM r."expire") * 1000)::float8 AS "expireMs"`,
      key,
      points,
      expire,
      forceExpire,
      now.toISOString(),
    );
    const row = rows[0];
    return { points: Number(row.points), expire: row.expireMs == null ? null : new Date(row.expireMs) };
  }
}

const limiters = new Map<LimitName, RateLimiterPrisma>();

function limiter(name: LimitName) {
  let existing = limiters.get(name);
  if (!existing) {
    const { points, duration } = LIMITS[name];
    // Prisma's model accessor is camelCase; the library defaults to the model's type name.
    const Store = provider === 'postgresql' ? AtomicPostgresRateLimiter : RateLimiterPrisma;
    existing = new Store({
      storeClient: prisma,
      tableName: 'rateLimiterFlexible',
      keyPrefix: name,
      points,
      duration,
    });
    limiters.set(name, existing);
  }
  return existing;
}

export function tooManyRequests(message: string, msBeforeNext: number) {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  const text = `${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return Response.json(
    { error: text, message: text },
    { status: 429, headers: { 'Retry-After': String(Math.ceil(msBeforeNext / 1000)) } },
  );
}

/** Takes `points` from the named budget or throws a 429 JSON response a person can read. */
export async function consumeOrRefuse(name: LimitName, key: string, points = 1) {
  try {
    await limiter(name).consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(LIMITS[name].message, error.msBeforeNext);
    throw error;
  }
}

/** Gives points back, e.g. when a second budget refused after the first was taken. */
export async function refund(name: LimitName, key: string, points = 1) {
  await limiter(name).reward(key, points);
}

/** Takes from several budgets, all or nothing. */
export async function consumeAll(budgets: { name: LimitName; key: string; points?: number }[]) {
  const taken: typeof budgets = [];
  try {
    for (const budget of budgets) {
      await consumeOrRefuse(budget.name, budget.key, budget.points);
      taken.push(budget);
    }
  } catch (error) {
    for (const budget of taken) await refund(budget.name, budget.key, budget.points);
    throw error;
  }
}

/** The shopper's address as Shopify's app proxy reports it (X-Forwarded-For), for per-client limits. */
export function clientAddress(request: Request) {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}
