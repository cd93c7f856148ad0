import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import prisma from '../../db.server';
import { prepared, type Param } from '../../db/prepared.server';
import { db, writesOneAtATime, type Db } from '../../db/query.server';
import { Limited, NotFound } from '../../lib/errors';
import { known, say } from '../../lib/sentences.server';
import { LIMITS, type LimitName } from './rateLimitBudgets';

// Rate limits: the budgets in rateLimitBudgets.ts, counted in the database (RateLimiterFlexible model), so
// every app instance shares them.

type CountValues = { key: string; points: number; expire: Date | null; now: Date };

/** The counter's statement; `restart`: the count starts again whatever its window (forceExpire). */
function countStatement(restart: boolean) {
  return prepared((db, param: Param<CountValues>) =>
    db
      .insertInto('RateLimiterFlexible')
      .values({ key: param('key'), points: param('points'), expire: param('expire') })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          const restarts = restart
            ? eb.lit(true)
            : eb.or([
                eb('RateLimiterFlexible.expire', 'is', null),
                eb('RateLimiterFlexible.expire', '<=', param('now')),
                eb('excluded.expire', 'is', null),
              ]);
          return {
            points: eb
              .case()
              .when(restarts)
              .then(eb.ref('excluded.points'))
              .else(eb('RateLimiterFlexible.points', '+', eb.ref('excluded.points')))
              .end(),
            expire: eb
              .case()
              .when(restarts)
              .then(eb.ref('excluded.expire'))
              .else(eb.ref('RateLimiterFlexible.expire'))
              .end(),
          };
        }),
      )
      .returning(['points', 'expire']),
  );
}
const addToCount = countStatement(false);
const restartCount = countStatement(true);

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
    return upsert(db, key, points, expire, forceExpire, now);
  }
}

/**
 * The counter's upsert, on its own (`db`) or inside the caller's transaction. The count starts again
 * when asked to, when its window has passed, or when it has no window; otherwise the points are added.
 */
async function upsert(
  db: Db,
  key: string,
  points: number,
  expire: Date | null,
  forceExpire: boolean,
  now: Date,
) {
  const [row] = await (forceExpire ? restartCount : addToCount)(db, { key, points, expire, now });
  return { points: Number(row.points), expire: row.expire };
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
  // "<why> Please try again in N minutes.", in the request's language where it is answered.
  const said = say('api.rate.retry', { reason: known(message), minutes, count: String(minutes) });
  return new Limited(said, Math.ceil(msBeforeNext / 1000));
}

/**
 * Takes `points` from the named budget or raises Limited with a sentence a person can read. `ceiling`,
 * when given, replaces the budget's points (a ceiling worked out per shop).
 */
export async function consumeOrRefuse(name: LimitName, key: string, points = 1, ceiling?: number) {
  if (ceiling !== undefined) return consumeWithin(db, { name, key }, points, ceiling);
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
export const budgetsInTransactions = writesOneAtATime;

/**
 * consumeOrRefuse inside the caller's SQLite transaction (see budgetsInTransactions), with the library's
 * rules: the count restarts once its window has passed; over the budget is Limited. If the transaction
 * rolls back, the point is not taken: a caller whose work fails must take it with consumeOrRefuse then.
 */
export async function consumeWithin(
  db: Db,
  { name, key }: Budget,
  points = 1,
  budget: number = LIMITS[name].points,
) {
  const now = new Date();
  const { duration } = LIMITS[name];
  const row = await upsert(
    db,
    // The key as the library stores it ("<limit>:<key>"), so both paths count on the same row.
    limiter(name).getKey(key),
    points,
    new Date(now.getTime() + duration * 1000),
    false,
    now,
  );
  if (row.points > budget) {
    const expire = row.expire ?? now;
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
        throw new Limited(error.said, error.retryAfterSeconds, { ...error.details, limit: budget.name });
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
