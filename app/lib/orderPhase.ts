// Where a group order really is, for every screen that talks about it (issue 27): still taking orders,
// past its deadline, or submitted and then moved by the kitchen. Pages say the order's real state with
// these, and offer only the actions that can still work.

import { thanksText } from './guests';

export type OrderPhase =
  'open' | 'expired' | 'submitted' | 'received' | 'preparing' | 'ready' | 'collected' | 'cancelled';

export type PhaseInput = { status: string; kitchenState: string | null; deadlineAt: string | Date };

const KITCHEN_PHASES = new Set(['received', 'preparing', 'ready', 'collected', 'cancelled']);

export function orderPhase(order: PhaseInput, now: Date): OrderPhase {
  if (order.status === 'active') {
    return new Date(order.deadlineAt).getTime() <= now.getTime() ? 'expired' : 'open';
  }
  return order.kitchenState && KITCHEN_PHASES.has(order.kitchenState)
    ? (order.kitchenState as OrderPhase)
    : 'submitted';
}

/** Guests can still add or change items (the server has the last word). */
export const acceptsItems = (phase: OrderPhase) => phase === 'open';

export type HeroFacts = {
  guest: string;
  hostName: string;
  orderType: string;
  /** Where pickup is (the shop's kitchen), for "Ready at …". */
  place: string;
  cancelReason: string | null;
  /** The guest has confirmed items in the order. */
  hasItems: boolean;
  /** What the host took out of the guest's order, if anything. */
  removedByHost: string[];
};

export type Hero = { title: string; text: string; tone: 'success' | 'info' | 'warning' | 'critical' };

function list(items: string[]) {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The guest's confirmation page headline for each phase. The spec's "Order Confirmed!" while active. */
export function guestHero(phase: OrderPhase, facts: HeroFacts): Hero {
  const delivery = facts.orderType === 'delivery';
  if (!facts.hasItems) {
    const removed = facts.removedByHost.length
      ? `${facts.hostName} removed ${list(facts.removedByHost)} from your order. `
      : '';
    if (phase === 'open' || phase === 'expired') {
      return {
        title: facts.removedByHost.length ? 'Your items were removed' : 'No items confirmed yet',
        text: `${removed}Nothing of yours is in the group order right now.`,
        tone: 'warning',
      };
    }
    return {
      title: 'Not in this order',
      text:
        phase === 'cancelled'
          ? `${removed}The shop cancelled this group order.`
          : `${removed}${facts.hostName} submitted the group order without any items from you.`,
      tone: 'warning',
    };
  }
  switch (phase) {
    case 'open':
    case 'expired':
      return {
        title: 'Order Confirmed!',
        text: `${thanksText(facts.guest)} Your items are in the group order.`,
        tone: 'success',
      };
    case 'submitted':
      return {
        title: 'Order Submitted',
        text: `${facts.hostName} sent the group order to the shop. Your items are in it.`,
        tone: 'info',
      };
    case 'received':
      return {
        title: 'Received by the shop',
        text: 'The shop has the group order and will start on it soon.',
        tone: 'info',
      };
    case 'preparing':
      return { title: 'Being prepared', text: 'The shop is preparing the group order now.', tone: 'info' };
    case 'ready':
      return delivery
        ? { title: 'Ready for delivery', text: 'The group order is ready and on its way.', tone: 'success' }
        : {
            title: `Ready at ${facts.place}`,
            text: 'The group order is ready for pickup.',
            tone: 'success',
          };
    case 'collected':
      return delivery
        ? { title: 'Delivered', text: 'The group order has been delivered. Enjoy!', tone: 'success' }
        : { title: 'Collected', text: 'The group order has been picked up. Enjoy!', tone: 'success' };
    case 'cancelled':
      return {
        title: 'Order cancelled',
        text: `The shop cancelled this group order${facts.cancelReason ? `: ${facts.cancelReason}` : '.'}`,
        tone: 'critical',
      };
  }
}

/** "What's Next?" on the confirmation page: the spec's three notes while the order is active. */
export function whatsNext(
  phase: OrderPhase,
  facts: { hostName: string; orderType: string; pickup: string; place: string; notified: boolean },
): string[] {
  const delivery = facts.orderType === 'delivery';
  const when = delivery ? `Delivery is at ${facts.pickup}.` : `Pickup is at ${facts.pickup}.`;
  // Only a guest who gave an address is promised an e-mail; the others are told where to look.
  const notified = [
    facts.notified
      ? 'You will be notified when the order is ready.'
      : 'This page shows when the order is ready (you gave no e-mail address, so we cannot e-mail you).',
  ];
  switch (phase) {
    case 'open':
    case 'expired':
      return [
        `${facts.hostName} submits the group order once everyone has added their items.`,
        ...notified,
        when,
      ];
    case 'submitted':
    case 'received':
    case 'preparing':
      return ['The shop prepares the group order.', ...notified, when];
    case 'ready':
      return delivery ? ['The order is on its way.', when] : [`Collect it at ${facts.place}.`, when];
    case 'collected':
    case 'cancelled':
      return [];
  }
}
