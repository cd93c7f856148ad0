import type { Prisma } from '@prisma/client';
import prisma from '../../db.server';
import { groupOrderTag } from '../../lib/draftOrderInput';
import { buildShareDraftInput, SHARE_ATTRIBUTE, type ShareDraftInput } from '../../lib/shareDraftInput';
import { unauthenticated } from '../../shopify.server';
import { parseModifiers } from '../groupOrder/groupOrder.server';
import { refreshShares } from '../groupOrder/guestShares.server';
import { payPath } from '../groupOrder/payLinks.server';
import { queueEmail } from '../mail/mail.server';
import { payShareEmail } from '../mail/moneyEmails.server';
import { getShopSettings } from '../shop/settings.server';
import { shopOrigin } from '../shop/shopDomain.server';
import { rejectIfErrors, run, type AdminGraphql, type UserError } from './draftOrderSync.server';
import { enqueue, PermanentOutboxError, registerOutboxHandler, type OutboxResult } from './outbox.server';

// One draft order per guest share that has something to pay (issue 25;
// docs/decisions/2026-11-27-money-on-shopify.md), made and kept right by the outbox, never in a request:
// - queued (one pending message per share, its dedupe key) in the transaction that refreshes the shares,
//   after a confirm or an edit, so the amounts and the message commit together;
// - never two drafts for one share: the id is stored the moment Shopify answers, and a retry after a
//   crash or a lost answer first looks the draft up by the order's tag and the share's attribute;
// - an unpaid share whose amount changed gets its draft updated; one with nothing left to pay loses it;
//   a paid share's draft is never touched (Shopify has completed it into an order).

type Tx = Prisma.TransactionClient;

const UNPAID = ['none', 'pending'];
/** Not paid at submit, then left out or covered by the host (unpaidShares.server.ts): no checkout any more. */
const SETTLED = ['left-out', 'covered'];

type ShareDraft = {
  id: string;
  invoiceUrl: string | null;
  status: string;
  customAttributes: { key: string; value: string | null }[];
};

const SHARE_DRAFT_FIELDS = `#graphql
  fragment ShareDraft on DraftOrder { id invoiceUrl status customAttributes { key value } }`;

const FIND_SHARE_DRAFTS = `#graphql
  query FindShareDrafts($query: String!) {
    draftOrders(first: 100, query: $query) { nodes { ...ShareDraft } }
  }
  ${SHARE_DRAFT_FIELDS}`;

const CREATE_SHARE_DRAFT = `#graphql
  mutation CreateShareDraft($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) { draftOrder { ...ShareDraft } userErrors { field message } }
  }
  ${SHARE_DRAFT_FIELDS}`;

const UPDATE_SHARE_DRAFT = `#graphql
  mutation UpdateShareDraft($id: ID!, $input: DraftOrderInput!) {
    draftOrderUpdate(id: $id, input: $input) { draftOrder { ...ShareDraft } userErrors { field message } }
  }
  ${SHARE_DRAFT_FIELDS}`;

const DELETE_SHARE_DRAFT = `#graphql
  mutation DeleteShareDraft($input: DraftOrderDeleteInput!) {
    draftOrderDelete(input: $input) { deletedId userErrors { field message } }
  }`;

/** One delivery per share: its outbox message's dedupe key. */
export const shareDraftKey = (shareId: number) => `share-draft:${shareId}`;

const AMOUNTS = ['itemsCents', 'feesCents', 'tipCents', 'companyCents', 'guestCents'] as const;

/**
 * In the caller's transaction (a confirm or an edit just changed `groupOrderId`'s items): works the shares
 * out again and queues a draft sync for every unpaid share whose amounts moved, that has something to pay
 * and no draft yet, or whose guest is `changedGuestId` (their lines may change at the same total).
 * Nothing for an order the company pays. Returns the queued outbox message ids by share id.
 */
export async function queueShareDrafts(
  tx: Tx,
  shop: string,
  groupOrderId: number,
  changedGuestId?: number | null,
): Promise<Map<number, number>> {
  const queued = new Map<number, number>();
  const order = await tx.groupOrder.findFirst({
    where: { id: groupOrderId, shop },
    select: { paymentMode: true },
  });
  if (!order || order.paymentMode === 'company') return queued;
  const before = await tx.guestShare.findMany({ where: { shop, groupOrderId } });
  await refreshShares(tx, shop, groupOrderId);
  const after = await tx.guestShare.findMany({
    where: { shop, groupOrderId, paymentStatus: { in: UNPAID } },
  });
  for (const share of after) {
    const old = before.find((s) => s.id === share.id);
    const moved = !old || AMOUNTS.some((key) => old[key] !== share[key]);
    const missing = share.guestCents > 0 && !share.shopifyDraftOrderId;
    const stale = share.guestCents === 0 && share.shopifyDraftOrderId;
    if (moved || missing || stale || share.guestId === changedGuestId) {
      if (share.guestCents === 0 && !share.shopifyDraftOrderId) continue;
      const message = await enqueue(tx, {
        shop,
        kind: 'shopify.shareDraft',
        payload: { shareId: share.id },
        dedupeKey: shareDraftKey(share.id),
      });
      queued.set(share.id, message.id);
    }
  }
  return queued;
}

async function adminClient(shop: string): Promise<AdminGraphql> {
  try {
    return (await unauthenticated.admin(shop)).admin.graphql as AdminGraphql;
  } catch (error) {
    throw new PermanentOutboxError(
      `The app has no access to this shop (is it installed?). ${error instanceof Error ? error.message : ''}`.trim(),
    );
  }
}

/** Creates, updates or deletes the draft of one share so that it asks exactly the share's guestCents. */
export async function syncShareDraft(
  shop: string,
  shareId: number,
  graphql?: AdminGraphql,
): Promise<OutboxResult> {
  const share = await prisma.guestShare.findFirst({
    where: { id: shareId, shop },
    include: {
      guest: { select: { name: true, email: true } },
      groupOrder: { select: { id: true, code: true, currency: true, status: true } },
    },
  });
  if (!share) throw new PermanentOutboxError(`Share ${shareId} no longer exists.`);
  if (SETTLED.includes(share.paymentStatus)) return deleteSettledDraft(shop, share, graphql);
  if (!UNPAID.includes(share.paymentStatus)) {
    return { status: 'held', reason: 'The share is already paid: its draft is an order now.' };
  }
  const items = await prisma.orderItem.findMany({
    where: { shop, groupOrderId: share.groupOrderId, guestId: share.guestId },
    orderBy: { id: 'asc' },
    include: { menuItem: { select: { shopifyVariantId: true } } },
  });
  const client = graphql ?? (await adminClient(shop));
  const order = share.groupOrder;
  const nothingToPay = share.guestCents <= 0 || !items.length || order.status === 'cancelled';
  if (nothingToPay) {
    const id = share.shopifyDraftOrderId ?? (await findShareDraft(client, order.code, share.id))?.id;
    if (id) await deleteDraft(client, id);
    await prisma.guestShare.updateMany({
      where: { id: share.id, shop, paymentStatus: { in: UNPAID } },
      data: { shopifyDraftOrderId: null, shopifyInvoiceUrl: null, paymentStatus: 'none' },
    });
    return { status: 'sent' };
  }
  const input = buildShareDraftInput({
    order,
    share,
    guest: share.guest,
    items: items.map((item) => ({
      ...item,
      modifiers: parseModifiers(item.selectedModifiers),
      shopifyVariantId: item.menuItem.shopifyVariantId,
    })),
  });
  const draft = await createOrUpdate(client, shop, share, order.code, input);
  if (!draft) return { status: 'held', reason: 'The share’s draft was paid before it could be updated.' };
  await prisma.guestShare.updateMany({
    where: { id: share.id, shop, paymentStatus: { in: UNPAID } },
    data: { shopifyDraftOrderId: draft.id, shopifyInvoiceUrl: draft.invoiceUrl, paymentStatus: 'pending' },
  });
  return { status: 'sent' };
}

/**
 * A share settled at submit loses its draft, so nobody can pay for items left out (or covered). Safe to
 * run again: a draft already gone is not an error, and the stored id is cleared once it is.
 */
async function deleteSettledDraft(
  shop: string,
  share: {
    id: number;
    paymentStatus: string;
    shopifyDraftOrderId: string | null;
    groupOrder: { code: string };
  },
  graphql?: AdminGraphql,
): Promise<OutboxResult> {
  const client = graphql ?? (await adminClient(shop));
  const id = share.shopifyDraftOrderId ?? (await findShareDraft(client, share.groupOrder.code, share.id))?.id;
  if (id) await deleteDraft(client, id, { goneIsDone: true });
  await prisma.guestShare.updateMany({
    where: { id: share.id, shop, paymentStatus: share.paymentStatus },
    data: { shopifyDraftOrderId: null, shopifyInvoiceUrl: null },
  });
  return { status: 'sent' };
}

/** The share's draft found by the group order's tag and the share's attribute (after a lost answer). */
async function findShareDraft(graphql: AdminGraphql, code: string, shareId: number) {
  const found = await run<{ draftOrders: { nodes: ShareDraft[] } }>(graphql, FIND_SHARE_DRAFTS, {
    query: `tag:${groupOrderTag(code)}`,
  });
  return (
    found.draftOrders.nodes.find((d) =>
      d.customAttributes.some((a) => a.key === SHARE_ATTRIBUTE && a.value === String(shareId)),
    ) ?? null
  );
}

async function createOrUpdate(
  graphql: AdminGraphql,
  shop: string,
  share: { id: number; shopifyDraftOrderId: string | null },
  code: string,
  input: ShareDraftInput,
): Promise<ShareDraft | null> {
  let id = share.shopifyDraftOrderId;
  if (!id) {
    const found = await findShareDraft(graphql, code, share.id);
    if (found?.status === 'COMPLETED') return null;
    id = found?.id ?? null;
  }
  if (id) {
    const updated = await run<{
      draftOrderUpdate: { draftOrder: ShareDraft | null; userErrors: UserError[] };
    }>(graphql, UPDATE_SHARE_DRAFT, { id, input });
    if (updated.draftOrderUpdate.draftOrder?.status === 'COMPLETED') return null;
    rejectIfErrors(updated.draftOrderUpdate.userErrors);
    return updated.draftOrderUpdate.draftOrder!;
  }
  const created = await run<{
    draftOrderCreate: { draftOrder: ShareDraft | null; userErrors: UserError[] };
  }>(graphql, CREATE_SHARE_DRAFT, { input });
  rejectIfErrors(created.draftOrderCreate.userErrors);
  const draft = created.draftOrderCreate.draftOrder!;
  // The guest's e-mail with their link is made first (it reads the shop's settings and domain) and queued
  // with the draft's id, so it goes once per share. Stored before anything else can fail, so a retry
  // updates this draft instead of creating another; a mail that cannot be made does not stop that.
  const email = await payEmail(shop, share.id).catch((error) => {
    console.error('Could not make the pay-your-share e-mail', error);
    return null;
  });
  await prisma.$transaction(async (tx) => {
    await tx.guestShare.updateMany({
      where: { id: share.id, shop },
      data: { shopifyDraftOrderId: draft.id, shopifyInvoiceUrl: draft.invoiceUrl },
    });
    if (email) await queueEmail(tx, shop, email);
  });
  return draft;
}

/** The guest's "Pay my share" e-mail, in their language; null when they gave no address. */
async function payEmail(shop: string, shareId: number) {
  const share = await prisma.guestShare.findFirst({
    where: { id: shareId, shop },
    include: { guest: true, groupOrder: { select: { name: true, companyName: true, currency: true } } },
  });
  const email = share?.guest.email;
  if (!share || !email) return null;
  const settings = await getShopSettings(shop);
  const href = `${await shopOrigin(shop)}${payPath(shop, share.id)}`;
  const { guest } = share;
  return payShareEmail(
    share.groupOrder,
    { name: guest.name, email, language: guest.language },
    { guestCents: share.guestCents, href },
    settings,
  );
}

async function deleteDraft(graphql: AdminGraphql, id: string, options: { goneIsDone?: boolean } = {}) {
  const deleted = await run<{ draftOrderDelete: { deletedId: string | null; userErrors: UserError[] } }>(
    graphql,
    DELETE_SHARE_DRAFT,
    { input: { id } },
  );
  const errors = deleted.draftOrderDelete.userErrors;
  if (
    options.goneIsDone &&
    errors.length &&
    errors.every((e) => /does not exist|not found/i.test(e.message))
  ) {
    return;
  }
  rejectIfErrors(errors);
}

registerOutboxHandler('shopify.shareDraft', async ({ shop, payload }) => {
  const shareId = Number((payload as { shareId?: unknown })?.shareId);
  if (!Number.isInteger(shareId)) throw new PermanentOutboxError('The sync message names no share.');
  return syncShareDraft(shop, shareId);
});
