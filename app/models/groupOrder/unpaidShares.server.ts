import type { GroupOrder, Prisma } from '@prisma/client';
import { queueEmail } from '../mail/mail.server';
import { coveredEmail, leftOutEmail } from '../mail/moneyEmails.server';
import type { MailSettings } from '../mail/words.server';
import { enqueue } from '../outbox/outbox.server';
import { refreshShares } from './guestShares.server';
import { removedItemText } from './hostRemovals.server';

// Shares not paid when the order is submitted (issue 25; docs/decisions/2026-11-27-unpaid-at-deadline.md),
// by the host's Submit and by the auto-submit at the deadline alike, in the submit's own transaction (only
// the call that moved the order from active to submitted gets here, so it runs once):
// - leave-out: the share's items leave the order (kitchen board, labels, company draft, totals), what they
//   were is kept on the share, its draft is deleted in Shopify through the outbox, its owner is e-mailed;
// - host-covers: the items stay and go on the company's draft, the whole share becomes company part.
// Either way the share is no longer payable: its draft is deleted (shopify.shareDraft, same dedupe key as
// the share's other syncs, so one message per share is ever pending).

type Tx = Prisma.TransactionClient;

const UNPAID = ['none', 'pending'];

export type LeftOutItem = { text: string; cents: number };

export function parseLeftOutItems(json: string | null | undefined): LeftOutItem[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((i): i is LeftOutItem => typeof i?.text === 'string' && Number.isInteger(i?.cents))
      : [];
  } catch {
    return [];
  }
}

/**
 * At submit: applies the order's unpaidPolicy to every share with something still to pay. Returns how many
 * shares were left out and covered. Nothing for an order the company pays.
 */
export async function settleUnpaidShares(
  tx: Tx,
  order: GroupOrder,
  settings: MailSettings,
  now: Date,
): Promise<{ leftOut: number; covered: number }> {
  const { shop, id } = order;
  if (order.paymentMode === 'company') return { leftOut: 0, covered: 0 };
  // The shares as the items are now (a confirm whose share refresh did not commit is healed here).
  await refreshShares(tx, shop, id);
  const unpaid = await tx.guestShare.findMany({
    where: { shop, groupOrderId: id, paymentStatus: { in: UNPAID }, guestCents: { gt: 0 } },
    include: { guest: true },
    orderBy: { id: 'asc' },
  });
  for (const share of unpaid) {
    if (order.unpaidPolicy === 'host-covers') {
      await tx.guestShare.updateMany({
        where: { id: share.id, shop, paymentStatus: { in: UNPAID } },
        data: {
          paymentStatus: 'covered',
          companyCents: share.companyCents + share.guestCents,
          guestCents: 0,
        },
      });
      // The guest hears it once: a covered share is settled, so a later submit never comes here again.
      const email = share.guest.email;
      if (email) {
        const guest = { name: share.guest.name, email, language: share.guest.language };
        await queueEmail(tx, shop, await coveredEmail(order, guest, share.guestCents, settings));
      }
    } else {
      const items = await tx.orderItem.findMany({
        where: { shop, groupOrderId: id, guestId: share.guestId },
        orderBy: { id: 'asc' },
      });
      const record: LeftOutItem[] = items.map((item) => ({
        text: removedItemText(item),
        cents: item.totalCents,
      }));
      await tx.orderItem.deleteMany({ where: { shop, groupOrderId: id, guestId: share.guestId } });
      // The amounts stay as they were (what the guest would have paid); the share no longer counts in the
      // company's part, except its fee and tip share, which the company's draft pays (the decision record).
      await tx.guestShare.updateMany({
        where: { id: share.id, shop, paymentStatus: { in: UNPAID } },
        data: {
          paymentStatus: 'left-out',
          companyCents: 0,
          leftOutAt: now,
          leftOutItems: JSON.stringify(record),
        },
      });
      const email = share.guest.email;
      if (email) {
        await queueEmail(
          tx,
          shop,
          await leftOutEmail(
            order,
            { name: share.guest.name, email, language: share.guest.language },
            record.map((item) => item.text),
            settings,
          ),
        );
      }
    }
    // Always: a creation still pending for this share becomes a deletion (the handler reads the status).
    await enqueue(tx, {
      shop,
      kind: 'shopify.shareDraft',
      payload: { shareId: share.id },
      dedupeKey: `share-draft:${share.id}`,
    });
  }
  const leftOut = order.unpaidPolicy === 'host-covers' ? 0 : unpaid.length;
  return { leftOut, covered: unpaid.length - leftOut };
}
