import prisma from '../../db.server';
import { formatDateTime } from '../../lib/time';

// Whether Shopify completed the group order's draft order into an order (the merchant took payment in
// Shopify's admin or at the till): read from the Admin API when the merchant opens the order, so the
// app's admin shows "Completed as order #1001". A failed read shows nothing rather than a wrong state.

type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

const DRAFT_STATUS = `#graphql
  query GroupOrderDraftStatus($id: ID!) {
    draftOrder(id: $id) {
      status
      completedAt
      order {
        name
      }
    }
  }`;

export type DraftCompletion = {
  status: string;
  completedAt: string | null;
  completedText: string | null;
  orderName: string | null;
};

export async function readDraftCompletion(
  shop: string,
  groupOrderId: number,
  graphql: AdminGraphql,
): Promise<DraftCompletion | null> {
  const order = await prisma.groupOrder.findFirst({
    where: { id: groupOrderId, shop, shopifyState: 'sent' },
    select: { shopifyDraftOrderId: true, timeZone: true },
  });
  if (!order?.shopifyDraftOrderId) return null;
  try {
    const response = await graphql(DRAFT_STATUS, { variables: { id: order.shopifyDraftOrderId } });
    const body = (await response.json()) as {
      data?: {
        draftOrder: { status: string; completedAt: string | null; order: { name: string } | null } | null;
      };
    };
    const draft = body.data?.draftOrder;
    if (!draft) return null;
    return {
      status: draft.status,
      completedAt: draft.completedAt,
      completedText: draft.completedAt ? formatDateTime(new Date(draft.completedAt), order.timeZone) : null,
      orderName: draft.order?.name ?? null,
    };
  } catch (error) {
    // Only a detail missing from the page (the admin works on): a warning, not an error.
    console.warn(`Could not read the draft order status of group order ${groupOrderId}:`, String(error));
    return null;
  }
}
