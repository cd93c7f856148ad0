import type { Words } from './allergenTexts';
import { formatList } from './language';
// Where a group order really is, for every screen that talks about it (issue 27): still taking orders,
// past its deadline, or submitted and then moved by the kitchen. Pages say the order's real state with
// these, and offer only the actions that can still work.

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

/**
 * The guest's confirmation page headline for each phase, in the page's language (`words`). The spec's
 * "Order Confirmed!" while active.
 */
export function guestHero(phase: OrderPhase, facts: HeroFacts, { t, intlLocale }: Words): Hero {
  const delivery = facts.orderType === 'delivery';
  if (!facts.hasItems) {
    const items = formatList(intlLocale, facts.removedByHost);
    const removed = facts.removedByHost.length
      ? `${t('phase.removed', { host: facts.hostName, items })} `
      : '';
    if (phase === 'open' || phase === 'expired') {
      return {
        title: facts.removedByHost.length ? t('phase.removedTitle') : t('phase.noneTitle'),
        text: `${removed}${t('phase.noneText')}`,
        tone: 'warning',
      };
    }
    return {
      title: t('phase.notInTitle'),
      text:
        phase === 'cancelled'
          ? `${removed}${t('phase.cancelledText')}`
          : `${removed}${t('phase.submittedWithout', { host: facts.hostName })}`,
      tone: 'warning',
    };
  }
  const thanks = /[.!?]$/.test(facts.guest.trim())
    ? t('phase.thanksNoStop', { name: facts.guest.trim() })
    : t('phase.thanks', { name: facts.guest.trim() });
  switch (phase) {
    case 'open':
    case 'expired':
      return {
        title: t('phase.confirmedTitle'),
        text: `${thanks} ${t('phase.confirmedText')}`,
        tone: 'success',
      };
    case 'submitted':
      return {
        title: t('phase.submittedTitle'),
        text: t('phase.submittedText', { host: facts.hostName }),
        tone: 'info',
      };
    case 'received':
      return { title: t('phase.receivedTitle'), text: t('phase.receivedText'), tone: 'info' };
    case 'preparing':
      return { title: t('phase.preparingTitle'), text: t('phase.preparingText'), tone: 'info' };
    case 'ready':
      return delivery
        ? { title: t('phase.readyDeliveryTitle'), text: t('phase.readyDeliveryText'), tone: 'success' }
        : {
            title: t('phase.readyAtTitle', { place: facts.place }),
            text: t('phase.readyAtText'),
            tone: 'success',
          };
    case 'collected':
      return delivery
        ? { title: t('phase.deliveredTitle'), text: t('phase.deliveredText'), tone: 'success' }
        : { title: t('phase.collectedTitle'), text: t('phase.collectedText'), tone: 'success' };
    case 'cancelled':
      return {
        title: t('phase.cancelledTitle'),
        text: facts.cancelReason
          ? t('phase.cancelledBecause', { reason: facts.cancelReason })
          : t('phase.cancelledText'),
        tone: 'critical',
      };
  }
}

/** "What's Next?" on the confirmation page: the spec's three notes while the order is active. */
export function whatsNext(
  phase: OrderPhase,
  facts: { hostName: string; orderType: string; pickup: string; place: string; notified: boolean },
  { t }: Words,
): string[] {
  const delivery = facts.orderType === 'delivery';
  const when = delivery
    ? t('next.deliveryAt', { time: facts.pickup })
    : t('next.pickupAt', { time: facts.pickup });
  // Only a guest who gave an address is promised an e-mail; the others are told where to look.
  const notified = [facts.notified ? t('next.notified') : t('next.noEmail')];
  switch (phase) {
    case 'open':
    case 'expired':
      return [t('next.hostSubmits', { host: facts.hostName }), ...notified, when];
    case 'submitted':
    case 'received':
    case 'preparing':
      return [t('next.shopPrepares'), ...notified, when];
    case 'ready':
      return delivery ? [t('next.onItsWay'), when] : [t('next.collectAt', { place: facts.place }), when];
    case 'collected':
    case 'cancelled':
      return [];
  }
}
