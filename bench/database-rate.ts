// The database's own rate for the guest confirm's writes: a reference for `npm run bench`
// (docs/decisions/2026-11-26-bench-references.md). Each confirm writes what the app's confirm of an
// N-line cart writes for a new guest: the client's rate-limit counter, the guest, the N order items in one
// INSERT, their N receipts in one INSERT and the order's running totals (on PostgreSQL first the order
// row's lock, an UPDATE, as the app takes it). Straight on the driver, no reads, no pricing, no HTTP: so
// the app's confirm can only come below this rate. Plain SQL against the tables of prisma/schema.prisma,
// written once with $n placeholders (SQLite reads them as ?n); a measurement, not app code.
//
// SQLite: `libsql`, one connection with the app's pragmas. The driver is synchronous, so `concurrency`
// confirms in flight are taken as the app's one connection takes confirms that arrive together: one
// BEGIN IMMEDIATE … COMMIT for the group, each confirm in a SAVEPOINT of its own.
// PostgreSQL: `pg`, a pool of the app's size, `concurrency` confirms in flight, each one transaction (the
// counter first, on its own, as the app takes it), every statement a named prepared statement.
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'libsql';
import pg from 'pg';
import { sqlitePragmas } from '../app/db/sqliteConnection.server';

/** One line of the cart as the confirm writes it (priced, its options as the JSON the app stores). */
export type ReferenceLine = {
  menuItemId: number;
  menuItemName: string;
  quantity: number;
  selectedModifiers: string;
  unitPriceCents: number;
};

export type ReferenceLoad = {
  shop: string;
  /** Confirm i goes to orderIds[floor(i / perOrder)], wrapping round, as the bench spreads its load. */
  orderIds: number[];
  perOrder: number;
  lines: ReferenceLine[];
  concurrency: number;
  /** Run for this long, or until `amount` confirms are written. */
  seconds?: number;
  amount?: number;
  /** Makes this run's guest names, keys and counters its own. */
  tag: string;
};

/** What one confirm writes, worked out before the clock runs. */
type Confirm = {
  orderId: number;
  guestName: string;
  nameKey: string;
  key: string;
  limitKey: string;
};

const LIMIT_WINDOW_MS = 60_000;

const UPSERT_LIMIT = `INSERT INTO "RateLimiterFlexible" AS r ("key", "points", "expire") VALUES ($1, 1, $2)
  ON CONFLICT ("key") DO UPDATE SET
    "points" = CASE WHEN r."expire" IS NULL OR r."expire" <= $3 THEN excluded."points" ELSE r."points" + excluded."points" END,
    "expire" = CASE WHEN r."expire" IS NULL OR r."expire" <= $3 THEN excluded."expire" ELSE r."expire" END
  RETURNING "points", "expire"`;
const LOCK_ORDER = `UPDATE "GroupOrder" SET "updatedAt" = $1
  WHERE "id" = $2 AND "shop" = $3 AND "status" = 'active' AND "deadlineAt" > $1 RETURNING "id"`;
const INSERT_GUEST = `INSERT INTO "Guest" ("shop", "groupOrderId", "name", "nameKey", "initials", "email",
  "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING "id"`;
const ITEM_COLUMNS = [
  'shop',
  'groupOrderId',
  'guestId',
  'guestName',
  'guestInitials',
  'guestEmail',
  'menuItemId',
  'menuItemName',
  'quantity',
  'selectedModifiers',
  'unitPriceCents',
  'totalCents',
  'specialInstructions',
  'confirmationKey',
  'line',
  'createdAt',
];
const RECEIPT_COLUMNS = [
  'shop',
  'groupOrderId',
  'confirmationKey',
  'line',
  'orderItemId',
  'requestHash',
  'createdAt',
];
const UPDATE_TOTALS = `UPDATE "GroupOrder" SET "totalItems" = "totalItems" + $1, "totalCents" = "totalCents" + $2,
  "participantCount" = "participantCount" + $3, "updatedAt" = $4 WHERE "id" = $5 AND "shop" = $6 RETURNING *`;

/** `rows` rows of `columns.length` placeholders each, numbered from $1. */
function multiRowInsert(table: string, columns: string[], rows: number, returning = '') {
  const row = (r: number) => `(${columns.map((_, c) => `$${1 + r * columns.length + c}`).join(', ')})`;
  return `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
    VALUES ${Array.from({ length: rows }, (_, r) => row(r)).join(', ')}${returning}`;
}

// A receipt's fingerprint is a SHA-256 in base64url, as the app writes it: its length is what matters here.
const REQUEST_HASH = 'x'.repeat(43);

/** The statements' values for one confirm; `instant` turns a Date into what the database's column takes. */
function statements<T>(shop: string, lines: ReferenceLine[], instant: (date: Date) => T) {
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const cents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return {
    limit: (c: Confirm, now: Date) => [
      c.limitKey,
      instant(new Date(now.getTime() + LIMIT_WINDOW_MS)),
      instant(now),
    ],
    lock: (c: Confirm, now: Date) => [instant(now), c.orderId, shop],
    guest: (c: Confirm, now: Date) => [shop, c.orderId, c.guestName, c.nameKey, 'RG', null, instant(now)],
    items: (c: Confirm, guestId: number, now: Date) =>
      lines.flatMap((l, line) => [
        shop,
        c.orderId,
        guestId,
        c.guestName,
        'RG',
        null,
        l.menuItemId,
        l.menuItemName,
        l.quantity,
        l.selectedModifiers,
        l.unitPriceCents,
        l.unitPriceCents * l.quantity,
        null,
        c.key,
        line,
        instant(now),
      ]),
    receipts: (c: Confirm, itemIds: number[], now: Date) =>
      lines.flatMap((_, line) => [shop, c.orderId, c.key, line, itemIds[line], REQUEST_HASH, instant(now)]),
    totals: (c: Confirm, now: Date) => [units, cents, 1, instant(now), c.orderId, shop],
  };
}

export type RateResult = {
  reqPerSec: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
};

function summary(times: number[], errors: number, elapsedMs: number): RateResult {
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    +(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  return {
    reqPerSec: Math.round(times.length / (elapsedMs / 1000)),
    mean: +(times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length)).toFixed(2),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requests: times.length,
    errors,
  };
}

/** Hands out confirm numbers until the run's time or amount is spent. */
function counter(load: ReferenceLoad) {
  const started = performance.now();
  let next = 0;
  return {
    started,
    take(): Confirm | null {
      if (
        load.amount !== undefined ? next >= load.amount : performance.now() - started >= load.seconds! * 1000
      ) {
        return null;
      }
      const i = next++;
      const guestName = `Reference guest ${load.tag}-${i}`;
      return {
        orderId: load.orderIds[Math.floor(i / load.perOrder) % load.orderIds.length],
        guestName,
        nameKey: guestName.toLowerCase(),
        key: `ref-${load.tag}-${i}`,
        limitKey: `confirmsPerClient:${load.shop}:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      };
    },
  };
}

/** As Prisma's libSQL adapter writes an instant, so rows compare with the app's as text. */
const sqliteInstant = (date: Date) => date.toISOString().replace('Z', '+00:00');

async function sqliteRate(file: string, synchronous: 'NORMAL' | 'FULL', load: ReferenceLoad) {
  const db = new Database(file);
  for (const pragma of sqlitePragmas(synchronous)) db.exec(pragma);
  const prepare = (text: string) => db.prepare(text.replace(/\$(\d+)/g, '?$1'));
  const n = load.lines.length;
  const s = {
    begin: prepare('BEGIN IMMEDIATE'),
    commit: prepare('COMMIT'),
    rollback: prepare('ROLLBACK'),
    savepoint: prepare('SAVEPOINT confirm'),
    release: prepare('RELEASE confirm'),
    undo: prepare('ROLLBACK TO confirm'),
    limit: prepare(UPSERT_LIMIT),
    guest: prepare(INSERT_GUEST),
    items: prepare(multiRowInsert('OrderItem', ITEM_COLUMNS, n, ' RETURNING "id", "line"')),
    receipts: prepare(multiRowInsert('ConfirmedLine', RECEIPT_COLUMNS, n)),
    totals: prepare(UPDATE_TOTALS),
  };
  const values = statements(load.shop, load.lines, sqliteInstant);
  const write = (c: Confirm, now: Date) => {
    s.limit.get(...values.limit(c, now));
    const guest = s.guest.get(...values.guest(c, now)) as { id: number };
    const items = s.items.all(...values.items(c, guest.id, now)) as { id: number; line: number }[];
    const ids: number[] = [];
    for (const item of items) ids[item.line] = item.id;
    s.receipts.run(...values.receipts(c, ids, now));
    s.totals.get(...values.totals(c, now));
  };
  const next = counter(load);
  const times: number[] = [];
  let errors = 0;
  try {
    for (;;) {
      const group: Confirm[] = [];
      for (let c = next.take(); c; c = group.length < load.concurrency ? next.take() : null) group.push(c);
      if (!group.length) break;
      const opened = performance.now();
      const now = new Date();
      let written = 0;
      s.begin.run();
      try {
        for (const c of group) {
          s.savepoint.run();
          try {
            write(c, now);
            s.release.run();
            written += 1;
          } catch {
            s.undo.run();
            s.release.run();
            errors += 1;
          }
        }
        s.commit.run();
      } catch (error) {
        s.rollback.run();
        throw error;
      }
      const took = performance.now() - opened;
      for (let i = 0; i < written; i++) times.push(took);
      await nextTurn();
    }
  } finally {
    db.close();
  }
  return summary(times, errors, performance.now() - next.started);
}

/** timestamp(3) without zone holds UTC wall time, as Prisma writes it. */
const postgresInstant = (date: Date) => date.toISOString().replace('Z', '');

async function postgresRate(url: string, poolSize: number, load: ReferenceLoad) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const n = load.lines.length;
  const ITEMS = multiRowInsert('OrderItem', ITEM_COLUMNS, n, ' RETURNING "id", "line"');
  const RECEIPTS = multiRowInsert('ConfirmedLine', RECEIPT_COLUMNS, n);
  const values = statements(load.shop, load.lines, postgresInstant);
  type Runner = Pick<pg.PoolClient, 'query'>;
  const q = <R extends pg.QueryResultRow>(db: Runner, name: string, text: string, args: unknown[]) =>
    db.query<R>({ name, text, values: args });

  async function confirm(c: Confirm) {
    const now = new Date();
    // The app takes the client's counter on its own on PostgreSQL (it commits by itself).
    await q(pool, 'ref_limit', UPSERT_LIMIT, values.limit(c, now));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const locked = await q(client, 'ref_lock', LOCK_ORDER, values.lock(c, now));
      if (!locked.rowCount) throw new Error(`Order ${c.orderId} is not open`);
      const guest = await q<{ id: number }>(client, 'ref_guest', INSERT_GUEST, values.guest(c, now));
      const items = await q<{ id: number; line: number }>(
        client,
        `ref_items${n}`,
        ITEMS,
        values.items(c, guest.rows[0].id, now),
      );
      const ids: number[] = [];
      for (const item of items.rows) ids[item.line] = item.id;
      await q(client, `ref_receipts${n}`, RECEIPTS, values.receipts(c, ids, now));
      await q(client, 'ref_totals', UPDATE_TOTALS, values.totals(c, now));
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      await client.query('ROLLBACK').then(
        () => client.release(),
        (failed: Error) => client.release(failed),
      );
      throw error;
    }
  }

  const next = counter(load);
  const times: number[] = [];
  let errors = 0;
  async function worker() {
    for (let c = next.take(); c; c = next.take()) {
      const started = performance.now();
      try {
        await confirm(c);
        times.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: load.concurrency }, worker));
  } finally {
    await pool.end();
  }
  return summary(times, errors, performance.now() - next.started);
}

/**
 * Runs `load` against the database `url` names (a `file:` SQLite path or a postgres:// URL) and returns
 * confirms a second and each confirm's time (ms): on SQLite the time of the group it committed in.
 */
export function databaseRate(
  url: string,
  load: ReferenceLoad,
  options: { synchronous?: 'NORMAL' | 'FULL'; poolSize?: number } = {},
): Promise<RateResult> {
  if (/^postgres(ql)?:/.test(url)) return postgresRate(url, options.poolSize ?? 10, load);
  return sqliteRate(url.replace(/^file:/, ''), options.synchronous ?? 'NORMAL', load);
}
