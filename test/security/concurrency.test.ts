import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { centsToDecimal } from '~/lib/money';
import { createTestGroupOrder, seedMenu } from '../support/factories';
import { args, proxyRequest } from '../support/requests';
import { databaseProblems, storedLinesOf } from './invariants';
import { answer, importRoute } from './support';

// Issue 8, "concurrency": 200 guests confirm their carts while the host submits at a random moment.
// Every cart is wholly in (all its lines) or wholly refused (none), and what the host's summary and the
// order's totals say equals the items actually stored. Seeded: CONCURRENCY_SEED replays a run.

const SEED = Number(process.env.CONCURRENCY_SEED ?? 8);
const GUESTS = 200;

/** A small seeded generator (mulberry32), so a failing interleaving can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let menuIds: number[];
beforeAll(async () => {
  menuIds = (await seedMenu()).map((m) => m.id);
});

type Cart = { key: string; guestName: string; items: { menuItemId: number; quantity: number }[] };

function carts(rand: () => number, label: string): Cart[] {
  return Array.from({ length: GUESTS }, (_, i) => ({
    key: `${label}-cart-${String(i).padStart(4, '0')}`,
    guestName: `Guest ${i}`,
    items: Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({
      menuItemId: menuIds[Math.floor(rand() * menuIds.length)],
      quantity: 1 + Math.floor(rand() * 3),
    })),
  }));
}

describe('200 guests confirm while the host submits', () => {
  it.each([1, 2])(
    'run %i: each cart is wholly in or wholly refused, and the summary equals the items',
    async (run) => {
      const rand = random(SEED * 1000 + run);
      const { order, hostToken } = await createTestGroupOrder();
      const confirm = await importRoute('apps.group-order.api.order-items');
      const status = await importRoute('apps.group-order.api.group-orders.$id.status');
      const summary = await importRoute('apps.group-order.api.group-orders.$id.summary');
      const detail = await importRoute('apps.group-order.api.group-orders.$id');
      const all = carts(rand, `r${run}`);
      const submitAfter = Math.floor(rand() * GUESTS);

      // Requests are signed up front so they all hit the server together.
      const requests = await Promise.all(
        all.map((cart, i) =>
          proxyRequest('/apps/group-order/api/order-items', {
            body: {
              groupOrderId: order.id,
              confirmationKey: cart.key,
              guestName: cart.guestName,
              items: cart.items.map((item) => ({ ...item, selectedModifiers: [] })),
            },
            // Each guest from their own address, as the proxy would append it.
            headers: { 'X-Forwarded-For': `203.0.113.${i % 250}` },
          }),
        ),
      );
      const submitRequest = await proxyRequest(`/apps/group-order/api/group-orders/${order.id}/status`, {
        method: 'PATCH',
        body: { status: 'submitted' },
        headers: { 'X-Host-Token': hostToken },
      });

      const answers: Promise<{ status: number; text: string }>[] = [];
      let submitted: Promise<{ status: number; text: string }> | undefined;
      for (const [i, request] of requests.entries()) {
        answers.push(answer(() => confirm.action!(args(request))));
        // The submit races the rest of the burst once the first cart is in (an empty order is refused
        // with 409 by design; on PostgreSQL the submit could otherwise beat every cart).
        if (i === submitAfter)
          submitted = answers[0].then(() =>
            answer(() => status.action!(args(submitRequest, { id: String(order.id) }))),
          );
      }
      const results = await Promise.all(answers);
      const submit = await submitted!;
      expect(submit.status, submit.text.slice(0, 200)).toBe(200);

      const stored = await prisma.orderItem.findMany({ where: { groupOrderId: order.id } });
      let accepted = 0;
      for (const [i, cart] of all.entries()) {
        const result = results[i];
        const lines = stored.filter((item) => item.confirmationKey === cart.key);
        expect(result.status, `${cart.key}: ${result.text.slice(0, 200)}`).toBeLessThan(500);
        if (result.status === 201) {
          accepted++;
          expect(lines.map((l) => [l.menuItemId, l.quantity])).toEqual(storedLinesOf(cart.items));
        } else {
          // Refused (the order was submitted first, or a limit): nothing of the cart may be stored.
          expect([409, 429], `${cart.key}: ${result.text.slice(0, 200)}`).toContain(result.status);
          expect(lines, `${cart.key} was refused but ${lines.length} of its lines are stored`).toEqual([]);
        }
      }
      // Nothing stored that no 201 answered for.
      expect(new Set(stored.map((item) => item.confirmationKey)).size).toBe(accepted);
      expect(await databaseProblems()).toEqual([]);

      // What the host sees equals the items.
      const final = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
      expect(final.status).toBe('submitted');
      // Nothing slipped in after the host submitted: what went to the shop is what the guests were told.
      // (submittedAt is taken when the submit starts, before it waits for the order's write lock, so a cart
      // that held the lock then may carry a slightly later time: allow that wait, not a later cart.)
      const lockWait = 2_000;
      const late = stored.filter(
        (item) => item.createdAt.getTime() > final.submittedAt!.getTime() + lockWait,
      );
      expect(late.map((item) => item.confirmationKey)).toEqual([]);
      const totalCents = stored.reduce((sum, item) => sum + item.totalCents, 0);
      const host = await answer(async () =>
        summary.loader!(
          args(
            await proxyRequest(`/apps/group-order/api/group-orders/${order.id}/summary`, {
              headers: { 'X-Host-Token': hostToken },
            }),
            { id: String(order.id) },
          ),
        ),
      );
      expect(host.status).toBe(200);
      const guests = host.body as { totalCents: number; itemCount: number }[];
      expect(guests).toHaveLength(accepted);
      expect(guests.reduce((sum, g) => sum + g.totalCents, 0)).toBe(totalCents);
      expect(guests.reduce((sum, g) => sum + g.itemCount, 0)).toBe(
        stored.reduce((s, i) => s + i.quantity, 0),
      );
      const shown = await answer(async () =>
        detail.loader!(
          args(await proxyRequest(`/apps/group-order/api/group-orders/${order.id}`), {
            id: String(order.id),
          }),
        ),
      );
      expect(shown.body).toMatchObject({
        participantCount: accepted,
        totalItems: stored.reduce((s, i) => s + i.quantity, 0),
        totalAmount: centsToDecimal(totalCents),
      });
      // The submit came somewhere in the burst: some carts got in, the ones after it were refused.
      expect(accepted).toBeGreaterThan(0);
    },
    120_000,
  );
});
