import type { Translate } from '../../lib/language';
import type { Language } from '../../lib/language';
import type { GroupOrder } from '@prisma/client';
import { z } from 'zod';
import prisma, { isUniqueViolation } from '../../db.server';
import { moneyRulesOf, orderTitle } from '../../lib/groupOrder';
import { GuestTokenSchema } from '../../lib/guestSchema';
import { formatMoney } from '../../lib/money';
import { paymentLabel } from '../../lib/payment';
import { formatDateTime, timeLeftText } from '../../lib/time';
import { closedReason, closedText } from './groupOrder.server';
import { resolveGuest } from './guests.server';
import { inPrismaTransaction } from '../../db/query.server';
import { InviteTokenSchema, joinedByInvitation } from './invitees.server';
import { GuestEmailSchema, GuestInitialsSchema, GuestNameSchema } from './orderItems.server';

// Joining an order from its join page: the facts the page shows, and the "Who's ordering?" form that
// makes the person a guest of the order (or finds the guest they already are).

/** The order as the join page shows it: who hosts it, when, how it is paid, and whether it still takes orders. */
/** The order as the join page shows it, its times, money and labels in the page's language. */
export function joinPageOrder(
  order: GroupOrder,
  { t, intlLocale }: { t: Translate; intlLocale: string },
  now = new Date(),
) {
  const reason = closedReason(order);
  return {
    id: order.id,
    code: order.code,
    name: order.name,
    companyName: order.companyName,
    title: orderTitle(order, t),
    hostName: order.hostName,
    orderType: order.orderType,
    payment: paymentLabel(order.paymentMethod, t),
    pickup: formatDateTime(order.pickupAt, order.timeZone, intlLocale),
    deadline: formatDateTime(order.deadlineAt, order.timeZone, intlLocale),
    // A submitted order has no time left to count down.
    timeLeft: order.status === 'active' ? timeLeftText(order.deadlineAt, now, t) : t('join.submitted'),
    participantCount: order.participantCount,
    total: formatMoney(order.totalCents, order.currency, intlLocale),
    closedMessage: reason ? closedText(order, reason) : null,
    // Who pays, shown before the guest adds anything (issue 25).
    money: moneyRulesOf(order),
    currency: order.currency,
  };
}

/** The join form: the guest's name, initials and e-mail, this browser's guest token, and the invitation. */
export const JoinSchema = z.object({
  guestName: GuestNameSchema,
  initials: GuestInitialsSchema,
  email: GuestEmailSchema,
  guestToken: z.preprocess((value) => value || undefined, GuestTokenSchema.optional()),
  invite: z.preprocess((value) => value || undefined, InviteTokenSchema.optional()),
});

export type JoinInput = z.infer<typeof JoinSchema>;

/**
 * The guest this person is in the order from now on: the same browser is the same guest (an e-mail address
 * is not a key; see resolveGuest), and joining through an invitation makes them that invitee. A name another
 * person holds raises Conflict (they are asked to pick a name that tells them apart, or for the link).
 */
/** `language`: what the join page's request asks for (requestedLanguage), kept as the guest's. */
export async function joinAsGuest(
  shop: string,
  groupOrderId: number,
  input: JoinInput,
  language: Language | null = null,
) {
  const { guestName, initials, email, guestToken, invite } = input;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await prisma.$transaction(async (tx) => {
        const joined = await resolveGuest(inPrismaTransaction(tx), shop, groupOrderId, {
          name: guestName,
          initials,
          email,
          token: guestToken,
          language,
        });
        if (invite && joined.own) await joinedByInvitation(tx, shop, groupOrderId, invite, joined.id);
        return joined;
      });
    } catch (error) {
      // Someone else took this new name at the same moment: look again (now it exists).
      if (!isUniqueViolation(error) || attempt > 1) throw error;
    }
  }
}
