// The benchmark's reference point: the least a guest confirm can cost on this machine. A plain node:http
// server that checks the same app-proxy signature and writes the same rows as the app's confirm
// (POST /apps/group-order/api/order-items with a whole cart), using the driver as directly as it gets:
// one long-lived connection, statements prepared once, one transaction per confirm. SQLite through
// `libsql` (an IMMEDIATE transaction), PostgreSQL through `pg` (named prepared statements, the order row
// locked by its UPDATE, transactions one after another on the one connection).
// It is not the product: no Remix, no zod messages, no idempotent replay answer (a repeated key is a 409).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import Database from 'libsql';
import pg from 'pg';

/** Shopify's app-proxy signature: sorted "name=value" pairs (repeats joined by commas), HMAC-SHA256 hex. */
function validSignature(params, secret) {
  const signature = params.get('signature');
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const grouped = new Map();
  for (const [key, value] of params) {
    if (key === 'signature') continue;
    grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  const message = [...grouped.keys()]
    .sort()
    .map((key) => `${key}=${grouped.get(key).join(',')}`)
    .join('');
  const expected = createHmac('sha256', secret).update(message).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Prisma's libSQL adapter stores instants as ISO text with "+00:00"; the same here so rows compare. */
const isoText = (date) => date.toISOString().replace('Z', '+00:00');

function openDatabase(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // As the app sets it (app/sqlite.server.ts): sync the log at checkpoints, or on every commit with FULL.
  db.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'FULL' ? 'FULL' : 'NORMAL'}`);
  const inList = (n) => Array.from({ length: n }, () => '?').join(',');
  const menuCache = new Map();
  const modifierCache = new Map();
  const cached = (cache, n, sql) => {
    if (!cache.has(n)) cache.set(n, db.prepare(sql(inList(n))));
    return cache.get(n);
  };
  const s = {
    menu: (n) =>
      cached(
        menuCache,
        n,
        (list) =>
          `SELECT id, name, category, priceCents FROM MenuItem WHERE shop = ? AND active = 1 AND id IN (${list})`,
      ),
    modifiers: (n) =>
      cached(
        modifierCache,
        n,
        (list) =>
          `SELECT m.id, m.name, m.priceDeltaCents, g.type, g.id AS groupId, g.maxSelections FROM Modifier m
           JOIN ModifierGroup g ON g.id = m.groupId
           WHERE m.shop = ? AND m.active = 1 AND g.shop = ? AND g.active = 1 AND m.id IN (${list})
           ORDER BY g.position, g.id, m.position`,
      ),
    lock: db.prepare(
      `UPDATE GroupOrder SET updatedAt = ?, totalItems = totalItems + ?, totalCents = totalCents + ?
       WHERE id = ? AND shop = ? AND status = 'active' AND deadlineAt > ? RETURNING id`,
    ),
    // A guest is a person with a row of their own (the app's Guest table), found by folded name.
    newGuest: db.prepare(
      `INSERT INTO Guest (shop, groupOrderId, name, nameKey, initials, email, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (groupOrderId, nameKey) DO NOTHING RETURNING id`,
    ),
    guest: db.prepare('SELECT id FROM Guest WHERE groupOrderId = ? AND nameKey = ?'),
    seen: db.prepare('SELECT 1 FROM OrderItem WHERE groupOrderId = ? AND guestId = ? LIMIT 1'),
    participant: db.prepare('UPDATE GroupOrder SET participantCount = participantCount + 1 WHERE id = ?'),
    insert: db.prepare(
      `INSERT INTO OrderItem (shop, groupOrderId, guestId, guestName, guestInitials, guestEmail, menuItemId,
         menuItemName, quantity, selectedModifiers, specialInstructions, unitPriceCents, totalCents,
         confirmationKey, line, createdAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ),
    // The receipt the app keeps per confirmed line (idempotent retries, key reuse refused).
    receipt: db.prepare(
      `INSERT INTO ConfirmedLine (shop, groupOrderId, confirmationKey, line, orderItemId, requestHash, createdAt)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
  };

  const confirm = db.transaction((shop, body, now) => {
    const lines = body.items;
    const menuIds = [...new Set(lines.map((l) => l.menuItemId))];
    const menu = new Map(
      s
        .menu(menuIds.length)
        .all(shop, ...menuIds)
        .map((m) => [m.id, m]),
    );
    const modifierIds = [...new Set(lines.flatMap((l) => l.selectedModifiers))];
    const modifiers = modifierIds.length
      ? new Map(
          s
            .modifiers(modifierIds.length)
            .all(shop, shop, ...modifierIds)
            .map((m) => [m.id, m]),
        )
      : new Map();
    const { rows, totalItems, totalCents } = priceCart(lines, menu, modifiers);
    const stamp = isoText(now);
    const locked = s.lock.get(stamp, totalItems, totalCents, body.groupOrderId, shop, stamp);
    if (!locked) throw new Refusal(409, 'This group order is closed or does not exist.');
    const name = body.guestName.trim();
    const nameKey = name.normalize('NFKC').replace(/\s+/g, ' ').toLowerCase();
    const created = s.newGuest.get(
      shop,
      body.groupOrderId,
      name,
      nameKey,
      body.guestInitials ?? null,
      body.guestEmail ?? null,
      stamp,
      stamp,
    );
    const guestId = created ? created.id : s.guest.get(body.groupOrderId, nameKey).id;
    if (!s.seen.get(body.groupOrderId, guestId)) s.participant.run(body.groupOrderId);
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
    return rows.map((row) => {
      const { id } = s.insert.get(...itemValues(shop, body, guestId, name, row, stamp));
      s.receipt.run(shop, body.groupOrderId, body.confirmationKey, row.line, id, requestHash, stamp);
      return { id, menuItemId: row.item.id, quantity: row.quantity, unitPriceCents: row.unit };
    });
  });

  return { db, confirm: (...args) => confirm.immediate(...args) };
}

class Refusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The cart's lines priced from the menu rows and modifiers found, or a Refusal. */
function priceCart(lines, menu, modifiers) {
  let totalItems = 0;
  let totalCents = 0;
  const rows = lines.map((line, index) => {
    const item = menu.get(line.menuItemId);
    if (!item) throw new Refusal(400, `Item ${index + 1}: That item is not on the menu.`);
    const chosen = line.selectedModifiers.map((id) => {
      const modifier = modifiers.get(id);
      if (!modifier) throw new Refusal(400, `Option ${id} is not on the menu any more.`);
      return modifier;
    });
    const unit = chosen.reduce((sum, m) => sum + m.priceDeltaCents, item.priceCents);
    totalItems += line.quantity;
    totalCents += unit * line.quantity;
    return { line: index, item, chosen, unit, quantity: line.quantity };
  });
  return { rows, totalItems, totalCents };
}

/** The values of one new OrderItem row, in the column order of both databases' INSERT. */
function itemValues(shop, body, guestId, name, row, stamp) {
  return [
    shop,
    body.groupOrderId,
    guestId,
    name,
    body.guestInitials ?? null,
    body.guestEmail ?? null,
    row.item.id,
    row.item.name,
    row.quantity,
    modifierJson(row.chosen),
    body.specialInstructions ?? null,
    row.unit,
    row.unit * row.quantity,
    body.confirmationKey,
    row.line,
    stamp,
  ];
}

const modifierJson = (chosen) =>
  JSON.stringify(
    chosen.map((m) => ({ id: m.id, name: m.name, type: m.type, priceDeltaCents: m.priceDeltaCents })),
  );

/**
 * PostgreSQL: one `pg` connection, every statement a named prepared statement (parsed once per
 * connection), one transaction per confirm. Transactions run one after another on the connection.
 */
async function openPostgres(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const list = (n, from) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(',');
  const q = (name, text, values) => db.query({ name, text, values });
  let tail = Promise.resolve();
  const serial = (task) => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
  const confirm = (shop, body, now) =>
    serial(async () => {
      await db.query('BEGIN');
      try {
        const lines = body.items;
        const menuIds = [...new Set(lines.map((l) => l.menuItemId))];
        const menuRows = await q(
          `menu${menuIds.length}`,
          `SELECT id, name, category, "priceCents" FROM "MenuItem"
           WHERE shop = $1 AND active = true AND id IN (${list(menuIds.length, 2)})`,
          [shop, ...menuIds],
        );
        const menu = new Map(menuRows.rows.map((m) => [m.id, m]));
        const modifierIds = [...new Set(lines.flatMap((l) => l.selectedModifiers))];
        const modifiers = new Map();
        if (modifierIds.length) {
          const found = await q(
            `modifiers${modifierIds.length}`,
            `SELECT m.id, m.name, m."priceDeltaCents", g.type, g.id AS "groupId", g."maxSelections"
             FROM "Modifier" m JOIN "ModifierGroup" g ON g.id = m."groupId"
             WHERE m.shop = $1 AND m.active = true AND g.shop = $1 AND g.active = true
               AND m.id IN (${list(modifierIds.length, 2)})
             ORDER BY g.position, g.id, m.position`,
            [shop, ...modifierIds],
          );
          for (const m of found.rows) modifiers.set(m.id, m);
        }
        const { rows, totalItems, totalCents } = priceCart(lines, menu, modifiers);
        // timestamp(3) without zone holds UTC wall time, as Prisma writes it.
        const stamp = now.toISOString().replace('Z', '');
        const locked = await q(
          'lock',
          `UPDATE "GroupOrder" SET "updatedAt" = $1, "totalItems" = "totalItems" + $2,
             "totalCents" = "totalCents" + $3
           WHERE id = $4 AND shop = $5 AND status = 'active' AND "deadlineAt" > $1 RETURNING id`,
          [stamp, totalItems, totalCents, body.groupOrderId, shop],
        );
        if (!locked.rowCount) throw new Refusal(409, 'This group order is closed or does not exist.');
        const name = body.guestName.trim();
        const nameKey = name.normalize('NFKC').replace(/\s+/g, ' ').toLowerCase();
        const created = await q(
          'newGuest',
          `INSERT INTO "Guest" (shop, "groupOrderId", name, "nameKey", initials, email, "createdAt", "updatedAt")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT ("groupOrderId", "nameKey") DO NOTHING RETURNING id`,
          [
            shop,
            body.groupOrderId,
            name,
            nameKey,
            body.guestInitials ?? null,
            body.guestEmail ?? null,
            stamp,
          ],
        );
        const guestId = created.rowCount
          ? created.rows[0].id
          : (
              await q('guest', 'SELECT id FROM "Guest" WHERE "groupOrderId" = $1 AND "nameKey" = $2', [
                body.groupOrderId,
                nameKey,
              ])
            ).rows[0].id;
        const seen = await q(
          'seen',
          'SELECT 1 FROM "OrderItem" WHERE "groupOrderId" = $1 AND "guestId" = $2 LIMIT 1',
          [body.groupOrderId, guestId],
        );
        if (!seen.rowCount) {
          await q(
            'participant',
            'UPDATE "GroupOrder" SET "participantCount" = "participantCount" + 1 WHERE id = $1',
            [body.groupOrderId],
          );
        }
        const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
        const items = [];
        for (const row of rows) {
          const inserted = await q(
            'insert',
            `INSERT INTO "OrderItem" (shop, "groupOrderId", "guestId", "guestName", "guestInitials", "guestEmail",
               "menuItemId", "menuItemName", quantity, "selectedModifiers", "specialInstructions", "unitPriceCents",
               "totalCents", "confirmationKey", line, "createdAt")
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
            itemValues(shop, body, guestId, name, row, stamp),
          );
          const id = inserted.rows[0].id;
          await q(
            'receipt',
            `INSERT INTO "ConfirmedLine" (shop, "groupOrderId", "confirmationKey", line, "orderItemId", "requestHash", "createdAt")
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [shop, body.groupOrderId, body.confirmationKey, row.line, id, requestHash, stamp],
          );
          items.push({ id, menuItemId: row.item.id, quantity: row.quantity, unitPriceCents: row.unit });
        }
        await db.query('COMMIT');
        return items;
      } catch (error) {
        await db.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  return { db: { close: () => db.end() }, confirm };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * @param {{ databaseFile?: string, databaseUrl?: string, secret: string, port?: number, host?: string }} options
 *   databaseFile: a SQLite file; databaseUrl: a postgres:// URL.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startBareServer({ databaseFile, databaseUrl, secret, port = 0, host = '127.0.0.1' }) {
  const { db, confirm } = databaseUrl ? await openPostgres(databaseUrl) : openDatabase(databaseFile);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    if (url.pathname !== '/apps/group-order/api/order-items' || req.method !== 'POST') {
      return send(res, 404, { error: 'Not found' });
    }
    if (!validSignature(url.searchParams, secret)) return send(res, 401, { error: 'Bad signature' });
    const shop = url.searchParams.get('shop');
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, { error: 'Invalid JSON' });
      }
      if (!body || !Array.isArray(body.items) || !body.items.length || typeof body.guestName !== 'string') {
        return send(res, 400, { error: 'Invalid cart' });
      }
      Promise.resolve()
        .then(() => confirm(shop, body, new Date()))
        .then(
          (items) => send(res, 201, { items }),
          (error) => {
            if (error instanceof Refusal) return send(res, error.status, { error: error.message });
            const code = String(error?.code ?? '');
            if (code.startsWith('SQLITE_CONSTRAINT') || code === '23505') {
              return send(res, 409, { error: 'Already confirmed' });
            }
            send(res, 500, { error: String(error?.message ?? error) });
          },
        );
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          db.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

// `node bench/bare-server.mjs` (the benchmark starts it so): DATABASE_FILE (SQLite) or BARE_DATABASE_URL
// (PostgreSQL), SHOPIFY_API_SECRET, PORT.
if (import.meta.url === `file://${process.argv[1]}`) {
  const started = await startBareServer({
    databaseFile: process.env.DATABASE_FILE,
    databaseUrl: process.env.BARE_DATABASE_URL,
    secret: process.env.SHOPIFY_API_SECRET,
    port: Number(process.env.PORT ?? 0),
  });
  console.log(`bare server listening on ${started.url}`);
}
