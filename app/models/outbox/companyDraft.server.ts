// The company's draft of a group order where guests pay their shares (issue 25).

import prisma from '../../db.server';
import type { DraftOrderLineItemInput } from '../../lib/draftOrderInput';
import { centsToDecimal } from '../../lib/money';

/**
 * Where guests pay (issue 25; 2026-11-27-money-on-shopify.md), this draft is the company's part: the
 * items of the shares the company covers whole, their fee and tip shares, and a "Budget" line per paying
 * guest for what the company covers of their share. The paying guests' items are on their own drafts, so
 * every item is sold once.
 */
export async function companyPart<T extends { guestId: number | null }>(
  shop: string,
  order: { id: number; paymentMode: string; currency: string; items: T[] },
) {
  if (order.paymentMode === 'company') return { items: order.items, lines: [] };
  const shares = await prisma.guestShare.findMany({
    where: { shop, groupOrderId: order.id },
    include: { guest: { select: { name: true } } },
    orderBy: { id: 'asc' },
  });
  const paying = shares.filter((share) => share.guestCents > 0 || share.shopifyOrderId);
  const covered = shares.filter((share) => !paying.includes(share));
  const line = (title: string, cents: number): DraftOrderLineItemInput => ({
    title: title.slice(0, 255),
    quantity: 1,
    originalUnitPriceWithCurrency: { amount: centsToDecimal(cents), currencyCode: order.currency },
    requiresShipping: false,
    taxable: false,
    customAttributes: [],
  });
  return {
    items: order.items.filter((item) => !paying.some((share) => share.guestId === item.guestId)),
    lines: [
      ...paying.filter((s) => s.companyCents > 0).map((s) => line(`Budget: ${s.guest.name}`, s.companyCents)),
      ...covered
        .filter((s) => s.feesCents + s.tipCents > 0)
        .map((s) => line(`Delivery fee and tip: ${s.guest.name}`, s.feesCents + s.tipCents)),
    ],
  };
}
