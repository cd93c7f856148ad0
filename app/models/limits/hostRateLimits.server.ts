import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import prisma, { provider } from '../../db.server';
import { plain, type Sql } from '../rawSql.server';
import { Limited, NotFound } from '../../lib/errors';

// Rate limits. Counters live in the database (RateLimiterFlexible model), so every app instance shares
// them. Limits are per client (the shopper's address) and per order first; a shop-wide budget is only a
// ceiling, many times what one client may spend, so one anonymous visitor cannot use up a shop's budget and
// lock every other host of that shop out. Many people in one office share one public address, so the
// per-client numbers allow a whole office at once.
//
// Why these numbers:
// - Invitations, per order: 50 addresses per hour. An office group order rarely passes 30 people; 50
//   leaves room for a whole floor plus re-sends after typos, while a leaked host token can turn one order
//   into at most 50 unwanted e-mails an hour.
// - Invitations, per client: 100 addresses per hour: two busy orders from one office. Anyone can create
//   an order and become its host, so without this one visitor could multiply the per-order budget.
// - Invitations, per shop: 2,000 addresses per hour, a ceiling for the sender domain's reputation and the
//   SMTP provider's quota that 20 clients at their own limit still cannot reach.
// - Ownership-claim links, per order: 3 per 15 minutes ("it did not arrive, send again" twice). The link
//   only ever goes to the host's own address, so the risk is annoying the host, not reaching others.
// - Ownership-claim links, per client: 10 per hour; per shop 300 per hour (a ceiling 30 clients share).
// - Order look-ups (Find order, by-email API), per shop and client: 30 per 10 minutes. A person searching
//   for their order needs a handful of tries; this makes harvesting codes by guessing e-mail addresses or
//   codes slow (codes have 31^6 ≈ 887 million values).
// - Reads of an order by code or id (API), per shop and client: 600 per minute. Pages poll every few
//   seconds and an office shares an address; 10 a second stops scraping (seen: 165 a second from one
//   client) without touching real use.
// - Misses (a code, id or item that finds nothing), per shop and client: 60 per 10 minutes, one budget for
//   every look-up (countMiss, countingMisses; apps.group-order.limits.test.ts walks them). Real people
//   mistype a code a few times; guessing needs millions of tries.
// - Orders created (docs/decisions/2026-11-26-shop-order-budget.md, orderBudget.server.ts), per client:
//   20 per hour, an office's busiest day. Visitors who are not logged in also count per network (an IPv4
//   /24 or IPv6 /48: 40 per hour, two offices), since one attacker's addresses often share one, and
//   against the shop's anonymous ceiling: at least 500 per hour, more for a shop whose real orders need
//   it (a dynamic ceiling, given when the budget is taken). Logged-in customers (the id Shopify signs)
//   count per customer (20 per hour) and against a shop allowance of their own (500 per hour), so
//   strangers who spend the anonymous ceiling never lock them out. The refusals are tallied per shop for
//   a day, so the merchant's dashboard can say so.
// - Reminders a host sends by hand, per order: 1 per 15 minutes. Everyone who has not ordered gets one
//   e-mail each time, so this caps how often a group can be nagged (the automatic reminder is one more,
//   once per deadline). Per client: 10 per hour, so one visitor hosting many orders cannot multiply it.
// - Confirms (adding items), per client: 120 per minute. An office of 200 confirming in the last minutes
//   before the deadline stays under it; a script adding lines in a loop does not.
export const LIMITS = {
  invitesPerOrder: {
    points: 50,
    duration: 60 * 60,
    message: 'This order has sent as many invitations as it can for now.',
  },
  invitesPerClient: {
    points: 100,
    duration: 60 * 60,
    message: 'You have sent as many invitations as you can for now.',
  },
  invitesPerShop: {
    points: 2000,
    duration: 60 * 60,
    message: 'This shop has sent as many invitations as it can for now.',
  },
  claimsPerOrder: {
    points: 3,
    duration: 15 * 60,
    message: 'We have already sent several links for this order.',
  },
  claimsPerClient: {
    points: 10,
    duration: 60 * 60,
    message: 'You have asked for several ownership links already.',
  },
  claimsPerShop: {
    points: 300,
    duration: 60 * 60,
    message: 'Too many ownership links were requested in this shop.',
  },
  // A guest's one-time link ("same person, new phone"), like the host's: per name in an order 3 per 15
  // minutes, per client 10 per hour, per shop 300 per hour. It only goes to the guest's own address.
  guestLinksPerGuest: {
    points: 3,
    duration: 15 * 60,
    message: 'We have already sent several links for this name. Please check your inbox.',
  },
  guestLinksPerClient: {
    points: 10,
    duration: 60 * 60,
    message: 'You have asked for several links already.',
  },
  guestLinksPerShop: {
    points: 300,
    duration: 60 * 60,
    message: 'Too many links were requested in this shop.',
  },
  // Host links by e-mail (Find order → Your Email), per address: 3 per 15 minutes, like the claim links of
  // one order. The mail only ever goes to that address, so the risk is annoying its owner.
  hostLinksPerAddress: {
    points: 3,
    duration: 15 * 60,
    message: 'We have already e-mailed links to this address several times.',
  },
  lookups: { points: 30, duration: 10 * 60, message: 'Too many searches from your connection.' },
  orderReads: {
    points: 600,
    duration: 60,
    message: 'Too many requests for orders from your connection.',
  },
  orderMisses: {
    points: 60,
    duration: 10 * 60,
    message: 'Too many order codes or links that do not exist were tried from your connection.',
  },
  ordersPerClient: {
    points: 20,
    duration: 60 * 60,
    message: 'You have started as many group orders as you can for now.',
  },
  ordersPerNetwork: {
    points: 40,
    duration: 60 * 60,
    message: 'Many group orders were started from your network just now.',
  },
  // The anonymous ceiling's floor; orderBudget.server.ts raises it for a busy shop.
  ordersPerShop: {
    points: 500,
    duration: 60 * 60,
    message:
      'This shop has started as many group orders as it can for now. Customers who log in to the store can still start one.',
  },
  ordersPerCustomer: {
    points: 20,
    duration: 60 * 60,
    message: 'You have started as many group orders as you can for now.',
  },
  ordersPerShopCustomers: {
    points: 500,
    duration: 60 * 60,
    message: 'This shop has started as many group orders as it can for now.',
  },
  // A tally, not a limit: orders the anonymous ceiling refused in the last day, for the merchant.
  ordersRefusedPerShop: {
    points: Number.MAX_SAFE_INTEGER,
    duration: 24 * 60 * 60,
    message: 'This shop has refused many group orders today.',
  },
  remindersPerOrder: {
    points: 1,
    duration: 15 * 60,
    message: 'A reminder for this order went out a moment ago.',
  },
  remindersPerClient: {
    points: 10,
    duration: 60 * 60,
    message: 'You have sent as many reminders as you can for now.',
  },
  confirmsPerClient: {
    points: 120,
    duration: 60,
    message: 'Too many orders were confirmed from your connection just now.',
  },
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * One statement per request: INSERT ... ON CONFLICT DO UPDATE counts atomically, with the library's rules
 * for when a window restarts. On PostgreSQL several instances (and several connections of one) consume
 * the same keys at once, and the library's Prisma store reads, then writes, in a transaction, which under
 * READ COMMITTED loses concurrent increments (or fails on the insert race), letting more through than the
 * budget. On SQLite that store is correct (writers are serialized) but costs a transaction of its own
 * (BEGIN, read, write, COMMIT) on every confirm and page read; the one upsert does the same in one step.
 * Why not the library's Postgres or SQLite stores: docs/decisions/2026-11-26-rate-limit-store.md.
 */
class AtomicRateLimiter extends RateLimiterPrisma {
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const [row] = await upsert(plain, key, points, expire, forceExpire, now);
    return { points: Number(row.points), expire: row.expire === null ? null : new Date(row.expire) };
  }
}

// When a counter starts again: asked to, never started, its window has passed, or it has no window.
// PostgreSQL is told the parameters' types; SQLite compares instants as the ISO text Prisma writes.
const ON_POSTGRES = provider === 'postgresql';
const RESTART = ON_POSTGRES
  ? `($4::boolean OR r."expire" IS NULL OR r."expire" <= $5::timestamp(3) OR $3::timestamp(3) IS NULL)`
  : `($4 OR r."expire" IS NULL OR r."expire" <= $5 OR $3 IS NULL)`;
const UPSERT = `INSERT INTO "RateLimiterFlexible" AS r ("key", "points", "expire")
  VALUES ($1, $2, ${ON_POSTGRES ? '$3::timestamp(3)' : '$3'})
  ON CONFLICT ("key") DO UPDATE SET
    "points" = CASE WHEN ${RESTART} THEN excluded."points" ELSE r."points" + excluded."points" END,
    "expire" = CASE WHEN ${RESTART} THEN excluded."expire" ELSE r."expire" END
  RETURNING "points", "expire"`;

/**
 * The counter's upsert, on its own (`plain`) or inside the caller's transaction. The plain-SQL path
 * writes and reads instants as Prisma does on either database (rawSql.server.ts).
 */
function upsert(db: Sql, key: string, points: number, expire: Date | null, forceExpire: boolean, now: Date) {
  return db.rows<{ points: number; expire: Date | string | null }>(
    UPSERT,
    key,
    points,
    expire,
    forceExpire,
    now,
  );
}

const limiters = new Map<LimitName, RateLimiterPrisma>();

function limiter(name: LimitName) {
  let existing = limiters.get(name);
  if (!existing) {
    const { points, duration } = LIMITS[name];
    // Prisma's model accessor is camelCase; the library defaults to the model's type name.
    existing = new AtomicRateLimiter({
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
  return new Limited(text, Math.ceil(msBeforeNext / 1000));
}

/**
 * Takes `points` from the named budget or raises Limited with a sentence a person can read. `ceiling`,
 * when given, replaces the budget's points (a ceiling worked out per shop).
 */
export async function consumeOrRefuse(name: LimitName, key: string, points = 1, ceiling?: number) {
  if (ceiling !== undefined) return consumeWithin(plain, { name, key }, points, ceiling);
  try {
    await limiter(name).consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(LIMITS[name].message, error.msBeforeNext);
    throw error;
  }
}

/** A budget and whose it is: what consumeOrRefuse takes, for a caller that hands it on. */
export type Budget = { name: LimitName; key: string };

/**
 * Whether a budget can be taken inside the caller's own transaction (consumeWithin). On SQLite a counter
 * written on its own is a commit of its own, which cost the guest confirm more than any of its other
 * statements; inside the confirm's transaction it shares that one's commit, and the connection runs one
 * transaction at a time anyway. Not on PostgreSQL: there the counter's row would stay locked until the
 * caller commits, so one office's confirms (one address) to different orders would wait for each other.
 */
export const budgetsInTransactions = provider === 'sqlite';

/**
 * consumeOrRefuse inside the caller's SQLite transaction (see budgetsInTransactions), with the library's
 * rules: the count restarts once its window has passed; over the budget is Limited. If the transaction
 * rolls back, the point is not taken: a caller whose work fails must take it with consumeOrRefuse then.
 */
export async function consumeWithin(
  db: Sql,
  { name, key }: Budget,
  points = 1,
  budget: number = LIMITS[name].points,
) {
  const now = new Date();
  const { duration } = LIMITS[name];
  const [row] = await upsert(
    db,
    // The key as the library stores it ("<limit>:<key>"), so both paths count on the same row.
    limiter(name).getKey(key),
    points,
    new Date(now.getTime() + duration * 1000),
    false,
    now,
  );
  if (Number(row.points) > budget) {
    const expire = row.expire === null ? now : new Date(row.expire);
    throw tooManyRequests(LIMITS[name].message, Math.max(expire.getTime() - now.getTime(), 0));
  }
}

/** Gives points back, e.g. when a second budget refused after the first was taken. */
export async function refund(name: LimitName, key: string, points = 1) {
  await limiter(name).reward(key, points);
}

/** What a budget has spent in its current window (0 once the window has passed). */
export async function spent(name: LimitName, key: string, now = new Date()) {
  const row = await prisma.rateLimiterFlexible.findUnique({ where: { key: limiter(name).getKey(key) } });
  if (!row || (row.expire !== null && row.expire <= now)) return 0;
  return row.points;
}

/** A budget to take: `ceiling` replaces the named budget's points (see consumeOrRefuse). */
export type Take = { name: LimitName; key: string; points?: number; ceiling?: number };

/** Takes from several budgets, all or nothing; the Limited raised names the budget that refused. */
export async function consumeAll(budgets: Take[]) {
  const taken: typeof budgets = [];
  try {
    for (const budget of budgets) {
      await consumeOrRefuse(budget.name, budget.key, budget.points, budget.ceiling).catch((error) => {
        if (!(error instanceof Limited)) throw error;
        throw new Limited(error.message, error.retryAfterSeconds, { ...error.details, limit: budget.name });
      });
      taken.push(budget);
    }
  } catch (error) {
    for (const budget of taken) await refund(budget.name, budget.key, budget.points);
    throw error;
  }
}

/** Counts a look-up that found nothing, so guessing codes or ids is slow. */
export async function countMiss(clientKey: string) {
  await consumeOrRefuse('orderMisses', clientKey);
}

/**
 * Runs a look-up by code, id or name and counts a miss when it finds nothing (NotFound, or a 404 such as
 * parseId's for an id that cannot exist),
 * so every look-up shares the one miss budget: past it the answer is 429, not 404. Routes whose look-up
 * does not raise NotFound call countMiss themselves.
 */
export async function countingMisses<T>(clientKey: string, lookUp: () => Promise<T>): Promise<T> {
  try {
    return await lookUp();
  } catch (error) {
    const missed = error instanceof NotFound || (error instanceof Response && error.status === 404);
    if (missed) await countMiss(clientKey);
    throw error;
  }
}
