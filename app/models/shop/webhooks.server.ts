import type { Prisma } from '@prisma/client';
import prisma, { caseInsensitive } from '../../db.server';
import { inPrismaTransaction } from '../../db/query.server';
import { env } from '../../env.server';
import { forgetShopSessions } from './sessionCache.server';

// Shopify's lifecycle and privacy webhooks. Each delivery is handled once: the receipt (X-Shopify-Webhook-Id)
// is written in the same transaction as the change, so a redelivery after success does nothing and a
// delivery that failed half-way leaves no receipt and is retried whole.

type Tx = Prisma.TransactionClient;

export const REDACTED_NAME = 'Redacted';
export const REDACTED_EMAIL = 'redacted@redacted.invalid';

/**
 * Runs `work` once per webhook id; returns null when this delivery was already handled.
 *
 * `erase: true` (the redaction topics) makes the erasure physical: SQLite normally leaves deleted and
 * overwritten values in free pages and in the write-ahead log, where a copy of the file would still show
 * them. secure_delete zeroes them as they are freed, and a checkpoint afterwards empties the log.
 */
export async function once<T>(
  receipt: { webhookId: string; shop: string; topic: string },
  work: (tx: Tx) => Promise<T>,
  options: { erase?: boolean } = {},
): Promise<{ result: T } | null> {
  // The embedded SQLite file only. A libSQL server manages its own storage; on PostgreSQL the deleted
  // rows become dead tuples that (auto)vacuum reclaims, and the storage is the operator's (docs/deploying.md).
  const erase = Boolean(options.erase) && env.DATABASE_URL.startsWith('file:');
  const done = await prisma.$transaction(async (tx) => {
    const seen = await tx.webhookReceipt.findUnique({ where: { id: receipt.webhookId } });
    if (seen) return null;
    if (erase) await tx.$queryRawUnsafe('PRAGMA secure_delete = ON');
    const result = await work(tx);
    await tx.webhookReceipt.create({
      data: { id: receipt.webhookId, shop: receipt.shop, topic: receipt.topic },
    });
    return { result };
  });
  // Lifecycle webhooks delete or re-scope the shop's sessions: once that is committed, this process
  // reads them afresh instead of from its short cache (sessionCache.server.ts).
  if (done) forgetShopSessions(receipt.shop);
  if (done && erase) await flushWriteAheadLog();
  return done;
}

/** Copies the write-ahead log into the database file and truncates it, so no old page versions remain. */
async function flushWriteAheadLog() {
  try {
    await prisma.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
  } catch (error) {
    // The data is already erased logically; the next automatic checkpoint overwrites the old frames.
    console.error('Could not checkpoint the database after a redaction', error);
  }
}

export async function removeSessions(tx: Tx, shop: string) {
  return (await tx.session.deleteMany({ where: { shop } })).count;
}

export async function updateSessionScopes(tx: Tx, shop: string, scopes: string[]) {
  return (await tx.session.updateMany({ where: { shop }, data: { scope: scopes.join(',') } })).count;
}

export type CustomerRef = { id?: number | string | null; email?: string | null };

function emailsOf(customer: CustomerRef) {
  const email = customer.email?.trim().toLowerCase();
  return email ? [email] : [];
}

/** Group orders this customer hosted: by e-mail (any case) or by their customer id. */
async function hostedOrderIds(tx: Tx, shop: string, customer: CustomerRef) {
  const emails = emailsOf(customer);
  const customerId = customer.id != null ? String(customer.id) : null;
  if (!emails.length && !customerId) return [];
  const rows = await inPrismaTransaction(tx)
    .selectFrom('GroupOrder')
    .select('id')
    .where('shop', '=', shop)
    .where((eb) =>
      eb.or([
        ...(emails.length ? [eb(eb.fn<string>('lower', ['hostEmail']), 'in', emails)] : []),
        ...(customerId ? [eb('hostCustomerId', '=', customerId)] : []),
      ]),
    )
    .execute();
  return rows.map((row) => Number(row.id));
}

async function guestItemIds(tx: Tx, shop: string, customer: CustomerRef) {
  const emails = emailsOf(customer);
  if (!emails.length) return [];
  const rows = await inPrismaTransaction(tx)
    .selectFrom('OrderItem')
    .select('id')
    .where('shop', '=', shop)
    .where((eb) => eb(eb.fn<string>('lower', ['guestEmail']), 'in', emails))
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * customers/data_request: everything the app holds about this customer in this shop, what they avoid
 * (allergens, diets: health data) included.
 */
export async function collectCustomerData(tx: Tx, shop: string, customer: CustomerRef) {
  const emails = emailsOf(customer);
  const [orderIds, itemIds] = await Promise.all([
    hostedOrderIds(tx, shop, customer),
    guestItemIds(tx, shop, customer),
  ]);
  const [hosted, items, usual] = await Promise.all([
    tx.groupOrder.findMany({
      where: { shop, id: { in: orderIds } },
      select: {
        code: true,
        name: true,
        hostName: true,
        hostEmail: true,
        hostInitials: true,
        companyName: true,
        orderType: true,
        deliveryAddress: true,
        instructions: true,
        createdAt: true,
      },
    }),
    tx.orderItem.findMany({
      where: { shop, id: { in: itemIds } },
      select: {
        guestName: true,
        guestInitials: true,
        guestEmail: true,
        menuItemName: true,
        quantity: true,
        specialInstructions: true,
        createdAt: true,
        groupOrder: { select: { code: true } },
      },
    }),
    emails.length ? tx.usualOrder.findMany({ where: { shop, email: { in: emails } } }) : Promise.resolve([]),
  ]);
  const guests = emails.length
    ? await tx.guest.findMany({
        where: { shop, email: { in: emails } },
        select: {
          name: true,
          initials: true,
          email: true,
          specialInstructions: true,
          avoids: true,
          createdAt: true,
          groupOrder: { select: { code: true } },
        },
      })
    : [];
  const invited = emails.length
    ? await tx.invitee.findMany({
        where: { shop, email: { in: emails } },
        select: {
          email: true,
          declinedAt: true,
          remindedAt: true,
          createdAt: true,
          groupOrder: { select: { code: true } },
        },
      })
    : [];
  return {
    shop,
    customer: { id: customer.id ?? null, email: customer.email ?? null },
    invitations: invited.map(({ groupOrder, ...invitee }) => ({
      ...invitee,
      groupOrderCode: groupOrder.code,
    })),
    hostedGroupOrders: hosted,
    guestProfiles: guests.map(({ groupOrder, ...guest }) => ({ ...guest, groupOrderCode: groupOrder.code })),
    orderedItems: items.map(({ groupOrder, ...item }) => ({ ...item, groupOrderCode: groupOrder.code })),
    usualOrders: usual.map(({ email, name, items, avoids, updatedAt }) => ({
      ...{ email, name, avoids, updatedAt },
      items: JSON.parse(items),
    })),
  };
}

/** customers/redact: names, e-mails and notes of this customer are overwritten; usual orders deleted. */
export async function redactCustomer(tx: Tx, shop: string, customer: CustomerRef) {
  const emails = emailsOf(customer);
  const [orderIds, itemIds] = await Promise.all([
    hostedOrderIds(tx, shop, customer),
    guestItemIds(tx, shop, customer),
  ]);
  const orders = await tx.groupOrder.updateMany({
    where: { shop, id: { in: orderIds } },
    data: {
      hostName: REDACTED_NAME,
      hostEmail: REDACTED_EMAIL,
      hostInitials: null,
      hostCustomerId: null,
      instructions: null,
      deliveryAddress: null,
    },
  });
  const items = await tx.orderItem.updateMany({
    where: { shop, id: { in: itemIds } },
    data: { guestName: REDACTED_NAME, guestInitials: null, guestEmail: null, specialInstructions: null },
  });
  // The guest rows themselves (name, e-mail, note); each keeps a unique name key within its order.
  const guests = emails.length
    ? await tx.guest.findMany({ where: { shop, email: { in: emails } }, select: { id: true } })
    : [];
  for (const guest of guests) {
    await tx.guestToken.deleteMany({ where: { guestId: guest.id, guest: { shop } } });
    // Links e-mailed to the erased address can no longer bind a browser to the guest.
    await tx.guestLink.deleteMany({ where: { guestId: guest.id, shop } });
    await tx.guest.updateMany({
      where: { id: guest.id, shop },
      data: {
        name: REDACTED_NAME,
        nameKey: `redacted:${guest.id}`,
        initials: null,
        email: null,
        emailVerifiedAt: null,
        specialInstructions: null,
        avoids: '',
      },
    });
  }
  const usual = emails.length
    ? await tx.usualOrder.deleteMany({ where: { shop, email: { in: emails } } })
    : { count: 0 };
  // One-time host links and queued e-mails may carry the address too.
  if (orderIds.length) await tx.ownerClaim.deleteMany({ where: { shop, groupOrderId: { in: orderIds } } });
  if (emails.length) await tx.invitation.deleteMany({ where: { shop, email: { in: emails } } });
  if (emails.length) await tx.invitee.deleteMany({ where: { shop, email: { in: emails } } });
  for (const email of emails) {
    await tx.outboxMessage.deleteMany({
      where: { shop, kind: 'email', payload: { contains: email, ...caseInsensitive } },
    });
  }
  return { groupOrders: orders.count, orderItems: items.count, usualOrders: usual.count };
}

/** shop/redact (48 hours after uninstall): every row the app holds for the shop. */
export async function deleteShopData(tx: Tx, shop: string) {
  const where = { shop };
  const counts = {
    orderItems: (await tx.orderItem.deleteMany({ where })).count,
    confirmedLines: (await tx.confirmedLine.deleteMany({ where })).count,
    guestLinks: (await tx.guestLink.deleteMany({ where })).count,
    guests: (await tx.guest.deleteMany({ where })).count,
    ownerClaims: (await tx.ownerClaim.deleteMany({ where })).count,
    invitations: (await tx.invitation.deleteMany({ where })).count,
    invitees: (await tx.invitee.deleteMany({ where })).count,
    groupOrders: (await tx.groupOrder.deleteMany({ where })).count,
    modifiers: (await tx.modifier.deleteMany({ where })).count,
    modifierGroups: (await tx.modifierGroup.deleteMany({ where })).count,
    menuItems: (await tx.menuItem.deleteMany({ where })).count,
    // After the menu rows: deleting them set the shop's menu tag (menuCache.server.ts) once more.
    menuVersions: (await tx.menuVersion.deleteMany({ where })).count,
    usualOrders: (await tx.usualOrder.deleteMany({ where })).count,
    outboxMessages: (await tx.outboxMessage.deleteMany({ where })).count,
    settings: (await tx.shopSettings.deleteMany({ where })).count,
    sessions: await removeSessions(tx, shop),
    webhookReceipts: (await tx.webhookReceipt.deleteMany({ where })).count,
    // Rate-limit budgets are keyed "<limit>:<shop>[:…]".
    rateLimits: (await tx.rateLimiterFlexible.deleteMany({ where: { key: { contains: `:${shop}` } } })).count,
  };
  return counts;
}
