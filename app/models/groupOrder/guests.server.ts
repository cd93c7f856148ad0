import type { Guest, Prisma } from '@prisma/client';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { guestNameKey, nameTakenMessage, NOT_YOUR_ORDER_MESSAGE } from '../../lib/guests';
import { hashSecret } from '../../lib/ids.server';
import type { Sql } from '../rawSql.server';

// Guests as people: one row per person in an order, bound to the browsers (token hashes) that act for
// them and, when given, their e-mail address. What a guest sees of their own order is in
// ownGuest.server.ts; what they (or the host) change after confirming, in guestChanges.server.ts.

export type GuestClaim = {
  name: string;
  initials?: string | null;
  email?: string | null;
  token?: string | null;
};

/** The guest a claim resolved to; `own` when the claim may act for them (their browser, or just created). */
export type ResolvedGuest = Guest & { own: boolean };

/**
 * The guest this browser (token) is in the order, created when the name is free. An e-mail address is
 * not a key: only the browsers that hold the guest's token act for them (a browser gets one by creating
 * the guest, or by opening a one-time link e-mailed to the guest's address, guestLinks.server.ts). A
 * name someone else holds is refused with 409 whatever e-mail comes with it, so the person picks a name
 * that tells them apart (or asks for the link).
 *
 * A claim without a token (the spec's one-item client sends none) may only add items to a guest no
 * browser holds, under the name it created: it changes nothing about that guest, and can never read,
 * change or remove their items (those need a token).
 */
export async function resolveGuest(
  db: Sql,
  shop: string,
  groupOrderId: number,
  claim: GuestClaim,
): Promise<ResolvedGuest> {
  // Plain SQL (rawSql.server.ts): this runs inside every confirm. One row per token the guest holds.
  const nameKey = guestNameKey(claim.name);
  const tokenHash = claim.token ? hashSecret(claim.token) : null;
  const now = new Date();
  const rows = await db.rows<Guest & { _token: string | null }>(
    `SELECT g.*, t."tokenHash" AS "_token" FROM "Guest" g
     LEFT JOIN "GuestToken" t ON t."guestId" = g."id"
     WHERE g."groupOrderId" = $1 AND g."nameKey" = $2`,
    groupOrderId,
    nameKey,
  );
  if (!rows.length) {
    const [created] = await db.rows<Guest>(
      `INSERT INTO "Guest" ("shop", "groupOrderId", "name", "nameKey", "initials", "email", "createdAt",
         "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
      shop,
      groupOrderId,
      claim.name.trim().replace(/\s+/g, ' '),
      nameKey,
      claim.initials ?? null,
      claim.email ?? null,
      now,
    );
    if (tokenHash) await addGuestToken(db, created.id, tokenHash, now);
    return { ...created, own: true };
  }
  const { _token, ...existing } = rows[0];
  const tokens = rows.map((row) => row._token).filter((token): token is string => token !== null);
  if (existing.shop !== shop) throw new NotFound('Group order not found');
  if (!tokenHash) {
    // The spec's client: one tokenless call per cart line, all under the name the first one created.
    if (tokens.length === 0) return { ...existing, own: false };
    throw new Conflict(nameTakenMessage(existing.name), { reason: 'name-taken' });
  }
  if (!tokens.includes(tokenHash)) {
    throw new Conflict(nameTakenMessage(existing.name), { reason: 'name-taken' });
  }
  // The guest's own browser may update their initials and address; a new address is not proven yet.
  const email = claim.email ?? existing.email;
  const [updated] = await db.rows<Guest>(
    `UPDATE "Guest" SET "initials" = $1, "email" = $2, "emailVerifiedAt" = $3, "updatedAt" = $4
     WHERE "id" = $5 AND "shop" = $6 RETURNING *`,
    claim.initials ?? existing.initials,
    email,
    email === existing.email ? existing.emailVerifiedAt : null,
    now,
    existing.id,
    shop,
  );
  return { ...updated, own: true };
}

/** Binds a browser's token (its hash) to a guest; binding the same token twice is a no-op. */
export async function addGuestToken(db: Sql, guestId: number, tokenHash: string, now: Date) {
  const held = await db.rows<{ id: number }>(
    `SELECT "id" FROM "GuestToken" WHERE "guestId" = $1 AND "tokenHash" = $2`,
    guestId,
    tokenHash,
  );
  if (held.length) return;
  await db.rows(
    `INSERT INTO "GuestToken" ("guestId", "tokenHash", "createdAt") VALUES ($1, $2, $3)`,
    guestId,
    tokenHash,
    now,
  );
}

/** The guest named in a URL, only for a browser that holds their token; otherwise 403 (or 404). */
export async function requireOwnGuest(
  db: Prisma.TransactionClient,
  shop: string,
  groupOrderId: number,
  name: string,
  token: string | null,
) {
  const guest = await db.guest.findUnique({
    where: { groupOrderId_nameKey: { groupOrderId, nameKey: guestNameKey(name) } },
    include: { tokens: { select: { tokenHash: true } } },
  });
  if (!guest || guest.shop !== shop) throw new NotFound('We could not find an order under that name.');
  const hash = token ? hashSecret(token) : null;
  if (!hash || !guest.tokens.some((t) => t.tokenHash === hash)) throw new Forbidden(NOT_YOUR_ORDER_MESSAGE);
  return guest;
}
