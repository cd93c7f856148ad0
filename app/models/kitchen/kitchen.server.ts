import type { GroupOrder, OrderStateEvent } from '@prisma/client';
import prisma from '../../db.server';
import { Conflict, Invalid, NotFound, type Sentence } from '../../lib/errors';
import { say } from '../../lib/sentences.server';
import { CANCEL_REASON_MAX } from '../../lib/schemas/adminOrders';
import type { Language } from '../../lib/language';
import { closedMessageIn } from '../../lib/sentences.server';
import { getShopSettings } from '../shop/settings.server';
import { cancelRefunded, refundCancelledOrder } from '../groupOrder/shareRefunds.server';
import { queueKitchenEmails } from './kitchenEmails.server';
import { queueCompanyCompletion } from '../outbox/companyDraft.server';

// The order's life after submit. The merchant moves it one step forward at a time from the admin
// (received → preparing → ready → collected), or cancels it with a reason; each move is an
// OrderStateEvent with time and actor. The last move can be undone once (it stays in the timeline,
// marked undone). Hosts and guests only read the timeline.

export const KITCHEN_STEPS = ['submitted', 'received', 'preparing', 'ready', 'collected'] as const;
export type KitchenStep = (typeof KITCHEN_STEPS)[number];
export type KitchenState = KitchenStep | 'cancelled';

export const KITCHEN_LABELS: Record<KitchenState, string> = {
  submitted: 'Submitted',
  received: 'Received',
  preparing: 'Preparing',
  ready: 'Ready',
  collected: 'Collected',
  cancelled: 'Cancelled',
};

export { CANCEL_REASON_MAX };

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

export function kitchenStateOf(order: Pick<GroupOrder, 'kitchenState'>): KitchenState {
  return (order.kitchenState as KitchenState | null) ?? 'submitted';
}

/** The step after `state`, or null when the order is finished (collected or cancelled). */
export function nextKitchenStep(state: KitchenState): KitchenStep | null {
  if (state === 'cancelled') return null;
  return KITCHEN_STEPS[KITCHEN_STEPS.indexOf(state) + 1] ?? null;
}

/** "Collected" reads "Delivered" for delivery orders. */
export function kitchenLabel(state: KitchenState, orderType: string) {
  return state === 'collected' && orderType === 'delivery' ? 'Delivered' : KITCHEN_LABELS[state];
}

/** kitchenLabel as a sentence of the admin's words, for what the admin is told in the merchant's language. */
export function kitchenWord(state: KitchenState, orderType: string): Sentence {
  return {
    id: `admin.kitchen.state.${state === 'collected' && orderType === 'delivery' ? 'delivered' : state}`,
  };
}

async function lockedSubmittedOrder(tx: Tx, shop: string, id: number) {
  const order = await tx.groupOrder.findFirst({ where: { id, shop } });
  if (!order) throw new NotFound('That group order was not found in your shop.');
  if (order.status !== 'submitted') {
    throw new Conflict('This order has not been submitted yet, so the kitchen cannot move it.');
  }
  return order;
}

/** Moves the state only if nobody moved it meanwhile (two tabs, two merchants). */
async function swapState(
  tx: Tx,
  order: GroupOrder,
  to: KitchenState,
  cancelReason: string | null,
): Promise<void> {
  const moved = await tx.groupOrder.updateMany({
    where: { id: order.id, shop: order.shop, status: 'submitted', kitchenState: order.kitchenState },
    data: { kitchenState: to === 'submitted' ? null : to, cancelReason },
  });
  if (moved.count === 0) {
    throw new Conflict('Someone else just moved this order. Reload to see where it is now.');
  }
}

export type MoveInput = { to: KitchenState; actor: string; reason?: string | null };

/**
 * One step forward, or cancel with a reason. Refused: an order that is not submitted, a finished order,
 * skipping a step, going back (that is "Undo"), and cancelling without a reason.
 */
export async function moveKitchenState(shop: string, id: number, input: MoveInput, now = new Date()) {
  const settings = await getShopSettings(shop);
  return prisma.$transaction(async (tx) => {
    const order = await lockedSubmittedOrder(tx, shop, id);
    const from = kitchenStateOf(order);
    if (from === 'cancelled') throw new Conflict('This order was cancelled; it cannot move any more.');
    const next = nextKitchenStep(from);
    if (input.to === 'cancelled') {
      if (from === 'collected') {
        throw new Conflict('This order has already been collected, so it cannot be cancelled.');
      }
      const reason = input.reason?.trim();
      if (!reason) throw new Invalid('Say why the order is cancelled; the host and guests are told.');
      // Cut by code points (the form's limit), never through an emoji's surrogate pair.
      await swapState(tx, order, 'cancelled', Array.from(reason).slice(0, CANCEL_REASON_MAX).join(''));
      await tx.orderStateEvent.create({
        data: {
          shop,
          groupOrderId: id,
          fromState: from,
          toState: 'cancelled',
          actor: input.actor,
          reason,
          createdAt: now,
        },
      });
      // Every paid guest share is refunded in full through Shopify (the outbox); the cancel e-mail says so.
      const refunds = await refundCancelledOrder(tx, shop, id);
      await queueKitchenEmails(
        tx,
        { ...order, kitchenState: 'cancelled', cancelReason: reason },
        settings,
        refunds,
      );
      return tx.groupOrder.findFirstOrThrow({ where: { id, shop } });
    }
    if (!next) throw new Conflict('This order has already been collected; there is no next step.');
    if (input.to !== next) {
      const label = kitchenWord(next, order.orderType);
      if (input.to === from) {
        // A second tab or a double click: already done.
        throw new Conflict(
          say('admin.say.alreadyAt', { state: kitchenWord(from, order.orderType), next: label }),
        );
      }
      throw new Conflict(
        say(
          KITCHEN_STEPS.indexOf(input.to) < KITCHEN_STEPS.indexOf(from)
            ? 'admin.say.forwardOnly'
            : 'admin.say.oneStep',
          { next: label },
        ),
      );
    }
    await swapState(tx, order, next, null);
    if (from === 'submitted') await queueCompanyCompletion(tx, order);
    await tx.orderStateEvent.create({
      data: { shop, groupOrderId: id, fromState: from, toState: next, actor: input.actor, createdAt: now },
    });
    // People hear "ready" once: after an undone "ready", marking it ready again tells nobody twice.
    const toldReady =
      next === 'ready' &&
      (await tx.orderStateEvent.count({ where: { shop, groupOrderId: id, toState: 'ready' } })) > 1;
    if (next === 'ready' && !toldReady) {
      await queueKitchenEmails(tx, { ...order, kitchenState: 'ready' }, settings);
    }
    return tx.groupOrder.findFirstOrThrow({ where: { id, shop } });
  });
}

/**
 * Takes back the last step (a mistaken tap), once: the step stays in the timeline marked undone, and
 * a second undo in a row is refused. E-mails already sent are not recalled.
 */
export async function undoKitchenState(shop: string, id: number, actor: string, now = new Date()) {
  return prisma.$transaction(async (tx) => {
    const order = await lockedSubmittedOrder(tx, shop, id);
    const last = await tx.orderStateEvent.findFirst({
      where: { shop, groupOrderId: id },
      orderBy: { id: 'desc' },
    });
    if (!last) throw new Conflict('There is no step to undo yet.');
    if (last.undoneAt) {
      throw new Conflict('The last step was already undone; only one step can be taken back.');
    }
    if (last.toState === 'cancelled' && (await cancelRefunded(tx, shop, id))) {
      throw new Conflict(
        'The guests’ payments were refunded when the order was cancelled, so the cancel cannot be undone.',
      );
    }
    if (last.toState !== kitchenStateOf(order)) {
      throw new Conflict('Someone else just moved this order. Reload to see where it is now.');
    }
    await swapState(tx, order, last.fromState as KitchenState, null);
    // Only this request marks the event, so two undos at once take back one step.
    const marked = await tx.orderStateEvent.updateMany({
      where: { id: last.id, shop, undoneAt: null },
      data: { undoneAt: now, undoneBy: actor },
    });
    if (marked.count === 0) throw new Conflict('The last step was already undone.');
    return tx.groupOrder.findFirstOrThrow({ where: { id, shop } });
  });
}

export type TimelineEntry = {
  state: KitchenState;
  label: string;
  at: string;
  actor?: string;
  reason: string | null;
  undone: boolean;
};

/** Submitted, then every move; undone moves stay, marked. `withActors` is for the admin only. */
export function buildTimeline(
  order: Pick<GroupOrder, 'submittedAt' | 'orderType'>,
  events: OrderStateEvent[],
  withActors = false,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  if (order.submittedAt) {
    entries.push({
      state: 'submitted',
      label: KITCHEN_LABELS.submitted,
      at: order.submittedAt.toISOString(),
      reason: null,
      undone: false,
    });
  }
  for (const event of events) {
    const state = event.toState as KitchenState;
    entries.push({
      state,
      label: kitchenLabel(state, order.orderType),
      at: event.createdAt.toISOString(),
      ...(withActors ? { actor: event.actor } : {}),
      reason: event.reason,
      undone: Boolean(event.undoneAt),
    });
  }
  return entries;
}

/** What the host dashboard, the guest's confirmed screen and (`withActors`) the admin show, in `language`. */
export async function getKitchenProgress(
  shop: string,
  id: number,
  withActors = false,
  language: Language = 'en',
) {
  const now = new Date();
  const order = await prisma.groupOrder.findFirst({
    where: { id, shop },
    include: { stateEvents: { where: { shop }, orderBy: { id: 'asc' } } },
  });
  if (!order) return null;
  const state = order.status === 'submitted' ? kitchenStateOf(order) : null;
  const next = state ? nextKitchenStep(state) : null;
  const last = order.stateEvents.at(-1);
  return {
    // What open guest and host pages poll (GET /status): whether the order still takes items, and when.
    status: order.status,
    deadlineAt: order.deadlineAt.toISOString(),
    closedMessage: closedMessageIn(language, order, now),
    // Moves whenever the order is written (a guest confirms, the host removes an item): pages re-read then.
    changedAt: order.updatedAt.toISOString(),
    submitted: order.status === 'submitted',
    state,
    label: state ? kitchenLabel(state, order.orderType) : null,
    next,
    nextLabel: next ? kitchenLabel(next, order.orderType) : null,
    cancelReason: state === 'cancelled' ? order.cancelReason : null,
    canUndo: Boolean(order.status === 'submitted' && last && !last.undoneAt),
    // The admin sees undone steps crossed out; hosts and guests see only where the order really is.
    timeline:
      order.status === 'submitted'
        ? buildTimeline(
            order,
            withActors ? order.stateEvents : order.stateEvents.filter((e) => !e.undoneAt),
            withActors,
          )
        : [],
  };
}
