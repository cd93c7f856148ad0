import {
  GraphqlQueryError,
  HttpRequestError,
  HttpResponseError,
  HttpRetriableError,
} from '@shopify/shopify-api';
import prisma from '../../db.server';
import { buildDraftOrderInput, groupOrderTag, type DraftOrderInput } from '../../lib/draftOrderInput';
import { companyPart, onPaymentTerms } from './companyDraft.server';
import { companyTerms, completeCompanyDraft } from './companyTerms.server';
import { SHARE_ATTRIBUTE } from '../../lib/shareDraftInput';
import { unauthenticated } from '../../shopify.server';
import { GUEST_NOTE, guestNote, parseModifiers } from '../groupOrder/groupOrder.server';
import { lineNote } from '../../lib/groupOrder';
import { PermanentOutboxError, registerOutboxHandler, type OutboxResult } from './outbox.server';
import { getShopSettings } from '../shop/settings.server';

// Sends a submitted group order to Shopify as a draft order (runs in the outbox worker, never in a request).
//
// Never a duplicate: the draft order id is stored the moment draftOrderCreate answers. If the process dies
// after Shopify created the draft but before the id was stored (or the response was lost on the way back),
// the retry first looks the draft up by the order's unique tag `group-order-{code}` and updates that one.

export type AdminGraphql = (
  query: string,
  options?: { variables?: Record<string, unknown> },
) => Promise<Response>;

type DraftOrderResult = {
  id: string;
  legacyResourceId: string;
  name: string;
  invoiceUrl: string | null;
  status: string;
};
export type UserError = { field: string[] | null; message: string };

const DRAFT_FIELDS = `#graphql
  fragment GroupOrderDraft on DraftOrder { id legacyResourceId name invoiceUrl status }`;

const FIND_DRAFT = `#graphql
  query FindGroupOrderDraft($query: String!) {
    draftOrders(first: 50, query: $query) { nodes { ...GroupOrderDraft customAttributes { key value } } }
  }
  ${DRAFT_FIELDS}`;

const CREATE_DRAFT = `#graphql
  mutation CreateGroupOrderDraft($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) { draftOrder { ...GroupOrderDraft } userErrors { field message } }
  }
  ${DRAFT_FIELDS}`;

const UPDATE_DRAFT = `#graphql
  mutation UpdateGroupOrderDraft($id: ID!, $input: DraftOrderInput!) {
    draftOrderUpdate(id: $id, input: $input) { draftOrder { ...GroupOrderDraft } userErrors { field message } }
  }
  ${DRAFT_FIELDS}`;

const SEND_INVOICE = `#graphql
  mutation SendGroupOrderInvoice($id: ID!) {
    draftOrderInvoiceSend(id: $id) { draftOrder { ...GroupOrderDraft } userErrors { field message } }
  }
  ${DRAFT_FIELDS}`;

/** A Shopify refusal that retrying cannot fix: recorded on the order for the merchant to see. */
class ShopifyRejected extends PermanentOutboxError {}

export async function run<T>(
  graphql: AdminGraphql,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  try {
    const response = await graphql(query, { variables });
    const body = (await response.json()) as { data: T };
    return body.data;
  } catch (error) {
    throw classify(error);
  }
}

/**
 * Network trouble, 5xx and THROTTLED are worth retrying (the outbox backs off); anything else (a 4xx, a
 * rejected query) will fail the same way next time.
 */
export function classify(error: unknown): Error {
  if (error instanceof GraphqlQueryError) {
    const body = error.body as
      { errors?: { graphQLErrors?: { extensions?: { code?: string } }[] } } | undefined;
    const throttled = (body?.errors?.graphQLErrors ?? []).some((e) => e?.extensions?.code === 'THROTTLED');
    return throttled
      ? new Error('Shopify is throttling requests; will retry.')
      : new ShopifyRejected(`Shopify refused the request: ${error.message}`);
  }
  if (error instanceof HttpRetriableError || error instanceof HttpRequestError) {
    return new Error(`Shopify could not be reached: ${error.message.split('\n')[0]}`);
  }
  if (error instanceof HttpResponseError) {
    return new ShopifyRejected(`Shopify answered ${error.response.code}: ${error.message.split('\n')[0]}`);
  }
  if (error instanceof Error && /fetch failed|ECONN|socket|network/i.test(error.message)) {
    return new Error(`Shopify could not be reached: ${error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function rejectIfErrors(errors: UserError[]) {
  if (errors.length) {
    throw new ShopifyRejected(
      errors.map((e) => (e.field ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; '),
    );
  }
}

/** Everything Shopify needs about a group order, read in one go. */
async function loadDraftOrderInput(shop: string, groupOrderId: number) {
  const order = await prisma.groupOrder.findFirst({
    where: { id: groupOrderId, shop },
    include: {
      items: {
        orderBy: { id: 'asc' },
        include: { menuItem: { select: { shopifyVariantId: true } }, guest: GUEST_NOTE },
      },
    },
  });
  if (!order) return null;
  const settings = await getShopSettings(shop);
  const { items, lines } = await companyPart(shop, order);
  const input = buildDraftOrderInput(
    order,
    items.map((item) => {
      // The guest's one note (the builder puts it on their first line only), and this line's own note.
      const note = guestNote(
        order.items.filter((other) =>
          item.guestId ? other.guestId === item.guestId : other.guestName === item.guestName,
        ),
      );
      return {
        ...item,
        specialInstructions: note,
        lineNote: lineNote(item, note),
        modifiers: parseModifiers(item.selectedModifiers),
        shopifyVariantId: item.menuItem.shopifyVariantId,
      };
    }),
    { kitchenName: settings.kitchenName },
  );
  input.lineItems.push(...lines);
  if (order.paymentMode !== 'company') {
    input.customAttributes.push({ key: 'group_order_part', value: 'company' });
  }
  return { order, input };
}

export async function syncDraftOrder(
  shop: string,
  groupOrderId: number,
  graphql?: AdminGraphql,
): Promise<OutboxResult> {
  const loaded = await loadDraftOrderInput(shop, groupOrderId);
  if (!loaded) throw new PermanentOutboxError(`Group order ${groupOrderId} no longer exists.`);
  const { order, input } = loaded;
  if (order.shopifyCompanyOrderId) {
    // Completed on payment terms when the kitchen started: a draft is no more; changes are on the order.
    return { status: 'held', reason: 'The company’s order is already placed in Shopify on payment terms.' };
  }
  if (order.status !== 'submitted') {
    // Reopened before the sync ran: the next submit queues a fresh sync.
    return { status: 'held', reason: 'The group order was reopened before it reached Shopify.' };
  }
  if (!input.lineItems.length && order.paymentMode !== 'company') {
    // Every guest pays their whole share on their own draft: the company has nothing to be billed for.
    await prisma.groupOrder.updateMany({
      where: { id: order.id, shop },
      data: { shopifyState: 'none', shopifyError: null },
    });
    return { status: 'held', reason: 'Every guest pays their own share: there is no company draft.' };
  }
  if (!input.lineItems.length) {
    await markFailed(shop, order.id, 'The group order has no items, so there is nothing to send to Shopify.');
    throw new PermanentOutboxError('Group order has no items.');
  }

  let client = graphql;
  if (!client) {
    try {
      client = (await unauthenticated.admin(shop)).admin.graphql as AdminGraphql;
    } catch (error) {
      const message = 'The app has no access to this shop (is it installed?).';
      await markFailed(shop, order.id, message);
      throw new PermanentOutboxError(`${message} ${error instanceof Error ? error.message : ''}`.trim());
    }
  }

  try {
    const ask = <T>(query: string, variables: Record<string, unknown>) => run<T>(client!, query, variables);
    if (onPaymentTerms(order)) Object.assign(input, await companyTerms(ask, order.hostCustomerId));
    const draft = await createOrUpdate(client, shop, order.id, order.shopifyDraftOrderId, order.code, input);
    let final = draft;
    if (order.paymentMethod === 'invoice') {
      const sent = await run<{
        draftOrderInvoiceSend: { draftOrder: DraftOrderResult | null; userErrors: UserError[] };
      }>(client, SEND_INVOICE, { id: draft.id });
      rejectIfErrors(sent.draftOrderInvoiceSend.userErrors);
      final = sent.draftOrderInvoiceSend.draftOrder ?? draft;
    }
    await prisma.groupOrder.updateMany({
      where: { id: order.id, shop },
      data: {
        shopifyState: 'sent',
        shopifyDraftOrderId: final.id,
        shopifyDraftOrderName: final.name,
        shopifyInvoiceUrl: final.invoiceUrl,
        shopifyError: null,
        shopifySyncedAt: new Date(),
      },
    });
    // The kitchen started: the company's part becomes an order awaiting payment on its terms (the
    // deprecated paymentPending argument is not used).
    if (onPaymentTerms(order) && order.kitchenState && order.kitchenState !== 'cancelled') {
      const done = await completeCompanyDraft(ask, final.id);
      rejectIfErrors(done.userErrors);
      if (done.orderId) {
        await prisma.groupOrder.updateMany({
          where: { id: order.id, shop },
          data: { shopifyCompanyOrderId: done.orderId },
        });
      }
    }
    return { status: 'sent' };
  } catch (error) {
    if (error instanceof PermanentOutboxError) await markFailed(shop, order.id, error.message);
    else
      await prisma.groupOrder.updateMany({
        where: { id: order.id, shop },
        data: { shopifyError: (error as Error).message },
      });
    throw error;
  }
}

async function createOrUpdate(
  graphql: AdminGraphql,
  shop: string,
  groupOrderId: number,
  storedId: string | null,
  code: string,
  input: DraftOrderInput,
): Promise<DraftOrderResult> {
  let id = storedId;
  if (!id) {
    const found = await run<{
      draftOrders: { nodes: (DraftOrderResult & { customAttributes: { key: string }[] })[] };
    }>(graphql, FIND_DRAFT, { query: `tag:${groupOrderTag(code)}` });
    // The guests' share drafts carry the same tag (issue 25): the order's own draft is the one without a share.
    id =
      found.draftOrders.nodes.find((d) => !d.customAttributes.some((a) => a.key === SHARE_ATTRIBUTE))?.id ??
      null;
    if (id) await storeDraftId(shop, groupOrderId, id);
  }
  if (id) {
    const updated = await run<{
      draftOrderUpdate: { draftOrder: DraftOrderResult | null; userErrors: UserError[] };
    }>(graphql, UPDATE_DRAFT, { id, input });
    rejectIfErrors(updated.draftOrderUpdate.userErrors);
    return updated.draftOrderUpdate.draftOrder!;
  }
  const created = await run<{
    draftOrderCreate: { draftOrder: DraftOrderResult | null; userErrors: UserError[] };
  }>(graphql, CREATE_DRAFT, { input });
  rejectIfErrors(created.draftOrderCreate.userErrors);
  const draft = created.draftOrderCreate.draftOrder!;
  // Stored before anything else can fail, so a retry updates this draft instead of creating another.
  await storeDraftId(shop, groupOrderId, draft.id, draft.name);
  return draft;
}

async function storeDraftId(shop: string, groupOrderId: number, id: string, name?: string) {
  await prisma.groupOrder.updateMany({
    where: { id: groupOrderId, shop },
    data: { shopifyDraftOrderId: id, ...(name ? { shopifyDraftOrderName: name } : {}) },
  });
}

async function markFailed(shop: string, groupOrderId: number, message: string) {
  await prisma.groupOrder.updateMany({
    where: { id: groupOrderId, shop },
    data: { shopifyState: 'failed', shopifyError: message.slice(0, 1000) },
  });
}

registerOutboxHandler('shopify.draftOrder', async ({ shop, payload }) => {
  const groupOrderId = Number((payload as { groupOrderId?: unknown })?.groupOrderId);
  if (!Number.isInteger(groupOrderId))
    throw new PermanentOutboxError('The sync message names no group order.');
  return syncDraftOrder(shop, groupOrderId);
});
