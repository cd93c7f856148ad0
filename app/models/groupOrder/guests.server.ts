import type { Guest, Prisma } from '@prisma/client';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { guestNameKey, nameTakenValues, NOT_YOUR_ORDER_MESSAGE } from '../../lib/guests';
import { say } from '../../lib/sentences.server';
import { hashSecret } from '../../lib/ids.server';
import { prepared, type Param } from '../../db/prepared.server';
import type { Db as Queries } from '../../db/query.server';
import type { Language } from '../../lib/language';

// Guests as people: one row per person in an order, bound to the browsers (token hashes) that act for
// them and, when given, their e-mail address. What a guest sees of their own order is in
// ownGuest.server.ts; what they (or the host) change after confirming, in guestChanges.server.ts.

export type GuestClaim = {
  name: string;
  initials?: string | null;
  email?: string | null;
  token?: string | null;
  /** The language the request asks for (requestedLanguage): kept as the guest's, for their e-mails. */
  language?: Language | null;
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
  db: Queries,
  shop: string,
  groupOrderId: number,
  claim: GuestClaim,
): Promise<ResolvedGuest> {
  // This runs inside every confirm: one statement, one row per token the guest holds.
  const nameKey = guestNameKey(claim.name);
  const tokenHash = claim.token ? hashSecret(claim.token) : null;
  const now = new Date();
  const rows = await guestWithTokens(db, { groupOrderId, nameKey });
  if (!rows.length) {
    const [created] = await createGuest(db, {
      shop,
      groupOrderId,
      name: claim.name.trim().replace(/\s+/g, ' '),
      nameKey,
      initials: claim.initials ?? null,
      email: claim.email ?? null,
      language: claim.language ?? null,
      now,
    });
    if (tokenHash) await addGuestToken(db, created.id, tokenHash, now);
    return { ...created, own: true };
  }
  const { _token, ...existing } = rows[0];
  const tokens = rows.map((row) => row._token).filter((token): token is string => token !== null);
  if (existing.shop !== shop) throw new NotFound('Group order not found');
  if (!tokenHash) {
    // The spec's client: one tokenless call per cart line, all under the name the first one created.
    if (tokens.length === 0) return { ...existing, own: false };
    throw new Conflict(nameTaken(existing.name), { reason: 'name-taken' });
  }
  if (!tokens.includes(tokenHash)) {
    throw new Conflict(nameTaken(existing.name), { reason: 'name-taken' });
  }
  // The guest's own browser may update their initials, address and language (the one they last used);
  // a new address is not proven yet.
  const email = claim.email ?? existing.email;
  const updated = await db
    .updateTable('Guest')
    .set({
      initials: claim.initials ?? existing.initials,
      email,
      language: claim.language ?? existing.language,
      emailVerifiedAt: email === existing.email ? existing.emailVerifiedAt : null,
      updatedAt: now,
    })
    .where('id', '=', existing.id)
    .where('shop', '=', shop)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...updated, own: true };
}

/** The guest under a name in an order, one row per token hash bound to them (or one with none). */
const guestWithTokens = prepared((db, param: Param<{ groupOrderId: number; nameKey: string }>) =>
  db
    .selectFrom('Guest as g')
    .leftJoin('GuestToken as t', 't.guestId', 'g.id')
    .selectAll('g')
    .select('t.tokenHash as _token')
    .where('g.groupOrderId', '=', param('groupOrderId'))
    .where('g.nameKey', '=', param('nameKey')),
);

const createGuest = prepared(
  (
    db,
    param: Param<{
      shop: string;
      groupOrderId: number;
      name: string;
      nameKey: string;
      initials: string | null;
      email: string | null;
      language: string | null;
      now: Date;
    }>,
  ) =>
    db
      .insertInto('Guest')
      .values({
        shop: param('shop'),
        groupOrderId: param('groupOrderId'),
        name: param('name'),
        nameKey: param('nameKey'),
        initials: param('initials'),
        email: param('email'),
        language: param('language'),
        createdAt: param('now'),
        updatedAt: param('now'),
      })
      .returningAll(),
);

/** Binds a browser's token (its hash) to a guest; binding the same token twice is a no-op. */
export async function addGuestToken(db: Queries, guestId: number, tokenHash: string, now: Date) {
  const held = await db
    .selectFrom('GuestToken')
    .select('id')
    .where('guestId', '=', guestId)
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (held) return;
  await db.insertInto('GuestToken').values({ guestId, tokenHash, createdAt: now }).execute();
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

/** lib/guests.ts nameTakenMessage, in the request's language where it is answered. */
function nameTaken(name: string) {
  return say('api.guest.nameTaken', nameTakenValues(name));
}
