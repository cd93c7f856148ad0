import prisma from '../../db.server';
import { sfPath } from '../../lib/paths';
import { formatDateTime } from '../../lib/time';
import type { Words } from '../../lib/allergenTexts';
import { closedReason } from './groupOrder.server';
import { orderTitle } from '../../lib/groupOrder';
import { findInviteeByToken, inviteeStates } from './invitees.server';

// What the "I'm not ordering this time" page and the join screen share: the invitee's view of their order
// and the form post that answers for them.

/**
 * The page's view for an invitee's token, or null when the token does not check in this shop; the deadline
 * is said in the page's language (`words`).
 */
export async function notOrderingView(shop: string, token: string, words: Words) {
  const { t, intlLocale } = words;
  const invitee = await findInviteeByToken(shop, token);
  if (!invitee) return null;
  const order = invitee.groupOrder;
  const state = (await inviteeStates(prisma, shop, order.id)).find((s) => s.invitee.id === invitee.id)?.state;
  return {
    code: order.code,
    title: orderTitle(order, t),
    hostName: order.hostName,
    companyName: order.companyName,
    deadline: formatDateTime(order.deadlineAt, order.timeZone, intlLocale),
    joinHref: sfPath(`/join/${order.code}`, { invite: token }),
    declined: state === 'not-ordering',
    ordered: state === 'ordered',
    open: closedReason(order) === null,
  };
}

/** The join screen reached through an invitation link: who the invitee is, for its "not ordering" card. */
export async function inviteOnJoin(shop: string, groupOrderId: number, token: string | null, words: Words) {
  if (!token) return null;
  const view = await notOrderingView(shop, token, words);
  const invitee = view && (await findInviteeByToken(shop, token));
  if (!view || !invitee || invitee.groupOrderId !== groupOrderId) return null;
  return { token, email: invitee.email, view };
}
