// The company's draft of a group order where guests pay their shares (issue 25).

import prisma from '../../db.server';
import { queueDraftOrderSync } from './handoff.server';
import type { DraftOrderLineItemInput } from '../../lib/draftOrderInput';
import { centsToDecimal } from '../../lib/money';
import { tipTotal } from '../../lib/moneyShares';

/**
 * Shares left out at submit (unpaidShares.server.ts sets leftOutAt, and it stays when a late payment is
 * refunded): their items are gone, their fee and tip share stays with the company.
 */
const leftOut = (share: { leftOutAt: Date | null }) => share.leftOutAt !== null;

/**
 * Where guests pay (issue 25; 2026-11-27-money-on-shopify.md), this draft is the company's part: the
 * items of the shares the company covers whole, their fee and tip shares, and a "Budget" line per paying
 * guest for what the company covers of their share. The paying guests' items are on their own drafts, so
 * every item is sold once.
 */
export async function companyPart<T extends { guestId: number | null; totalCents: number }>(
  shop: string,
  order: {
    id: number;
    paymentMode: string;
    currency: string;
    items: T[];
    feeSplit: string;
    deliveryFeeCents: number;
    tipPercent: number;
    tipCents: number;
  },
) {
  const line = (title: string, cents: number): DraftOrderLineItemInput => ({
    title: title.slice(0, 255),
    quantity: 1,
    originalUnitPriceWithCurrency: { amount: centsToDecimal(cents), currencyCode: order.currency },
    requiresShipping: false,
    taxable: false,
    customAttributes: [],
  });
  const itemsCents = order.items.reduce((sum, item) => sum + item.totalCents, 0);
  // The whole delivery fee and tip, on what the order still holds (items left out at submit are gone):
  // where the company pays everything, and under the fee rule "company" (splitOrder's companyFeesCents).
  const wholeFees = () => {
    const fee = itemsCents > 0 ? order.deliveryFeeCents : 0;
    const tip = itemsCents > 0 ? tipTotal(order, itemsCents) : 0;
    return [...(fee > 0 ? [line('Delivery fee', fee)] : []), ...(tip > 0 ? [line('Tip', tip)] : [])];
  };
  if (order.paymentMode === 'company') return { items: order.items, lines: wholeFees() };
  const shares = await prisma.guestShare.findMany({
    where: { shop, groupOrderId: order.id },
    include: { guest: { select: { name: true } } },
    orderBy: { id: 'asc' },
  });
  const paying = shares.filter((share) => !leftOut(share) && (share.guestCents > 0 || share.shopifyOrderId));
  const covered = shares.filter((share) => !paying.includes(share));
  return {
    items: order.items.filter((item) => !paying.some((share) => share.guestId === item.guestId)),
    lines: [
      ...paying.filter((s) => s.companyCents > 0).map((s) => line(`Budget: ${s.guest.name}`, s.companyCents)),
      ...covered
        .filter((s) => s.feesCents + s.tipCents > 0)
        .map((s) =>
          line(
            `Delivery fee and tip: ${s.guest.name}${leftOut(s) ? ' (left out)' : ''}`,
            s.feesCents + s.tipCents,
          ),
        ),
      ...(order.feeSplit === 'company' ? wholeFees() : []),
    ],
  };
}

/**
 * The company's part is billed on payment terms (issue 25; 2026-11-27-company-draft-terms.md): where guests
 * pay their shares, and for "On Account (Billed Monthly)". Invoice and Pay in Store keep an open draft.
 */
export function onPaymentTerms(order: { paymentMode: string; paymentMethod: string }) {
  return order.paymentMode !== 'company' || order.paymentMethod === 'on-account';
}

/** The kitchen starts (its first move): the company's draft on terms is completed by the draft sync. */
export async function queueCompanyCompletion(
  tx: Parameters<typeof queueDraftOrderSync>[0],
  order: { id: number; shop: string; paymentMode: string; paymentMethod: string },
) {
  if (onPaymentTerms(order)) await queueDraftOrderSync(tx, order.shop, order.id);
}
