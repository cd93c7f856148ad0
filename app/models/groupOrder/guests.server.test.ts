import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { nameTakenMessage, NOT_YOUR_ORDER_MESSAGE } from '~/lib/guests';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP, type Answer } from '../../../test/support/requests';
import { action as joinAction } from '../../routes/apps.group-order.join.$code';
import { action as itemAction } from '../../routes/apps.group-order.api.order-items.$id';
import {
  action as guestAction,
  loader as guestLoader,
} from '../../routes/apps.group-order.api.group-orders.$id.guests.$guestName';
import { getHostSummary } from './hosting.server';
import { confirmCart } from './orderItems.server';
import { asHttp } from '../../../test/support/http';

// Guests are people (issue 11): same-name strangers never merge, a guest's items and note are theirs to
// change until the order closes, a repeated item merges into one line, and the note is kept once.

const BOB_PHONE = 'bob-phone-token-0000000001';
const OTHER_PHONE = 'other-bob-token-000000002';

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let hostToken: string;
let flatWhite: number;
let croissant: number;

beforeEach(async () => {
  const items = await seedMenu(TEST_SHOP);
  flatWhite = items.find((i) => i.name === 'Flat White')!.id;
  croissant = items.find((i) => i.name === 'Almond Croissant')!.id;
  ({ order, hostToken } = await createTestGroupOrder());
});

function confirm(key: string, overrides: Record<string, unknown> = {}, lines = [{ menuItemId: flatWhite }]) {
  return call(() =>
    asHttp(
      confirmCart(TEST_SHOP, {
        groupOrderId: order.id,
        confirmationKey: key,
        guestName: 'Bob',
        guestInitials: null,
        guestEmail: null,
        guestToken: BOB_PHONE,
        specialInstructions: null,
        items: lines.map((line) => ({ quantity: 1, selectedModifiers: [], ...line })),
        ...overrides,
      } as Parameters<typeof confirmCart>[1]),
    ),
  );
}

async function joinForm(fields: Record<string, string>) {
  const signed = await proxyRequest(`/apps/group-order/join/${order.code}`, { method: 'POST' });
  const request = new Request(signed.url, {
    method: 'POST',
    body: new URLSearchParams({ initials: '', email: '', ...fields }),
    headers: signed.headers,
  });
  const result = await call(() => joinAction(args(request, { code: order.code })));
  const body = result.body as { type?: string; data?: unknown; init?: { status?: number } } | undefined;
  if (body?.type === 'DataWithResponseInit')
    return { status: body.init?.status ?? 200, body: body.data as Answer, location: null };
  return { ...result, location: result.response?.headers.get('Location') ?? null };
}

async function api(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> },
) {
  return proxyRequest(`/apps/group-order/api${path}`, init);
}

async function ownOrder(token: string, name = 'Bob') {
  const request = await api(`/group-orders/${order.id}/guests/${name}`, {
    headers: { 'X-Guest-Token': token },
  });
  return (await call(() => guestLoader(args(request, { id: String(order.id), guestName: name })))).body;
}

describe('two people with the same name', () => {
  it("sends a second Bob on another phone back to the join screen instead of to the first Bob's order", async () => {
    expect((await confirm('bob-first-0001')).status).toBe(200);
    const second = await joinForm({ guestName: '  bob  ', guestToken: OTHER_PHONE });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(nameTakenMessage('Bob'));
    // Telling themselves apart works, and the dashboard then lists two people.
    const bobK = await joinForm({ guestName: 'Bob K.', guestToken: OTHER_PHONE });
    expect(bobK.location).toBe(`/apps/group-order/order/${order.id}?guest=Bob+K.`);
    await confirm('bob-k-0000001', { guestName: 'Bob K.', guestToken: OTHER_PHONE });
    const summary = await getHostSummary(TEST_SHOP, order.id);
    expect(summary!.guests.map((g) => [g.guestName, g.itemCount])).toEqual([
      ['Bob', 1],
      ['Bob K.', 1],
    ]);
    expect(summary!.groupOrder.participantCount).toBe(2);
  });

  it('refuses a confirm under a name another browser holds, writing nothing', async () => {
    await confirm('bob-first-0001');
    const stranger = await confirm('bob-strange-01', { guestName: 'BOB', guestToken: OTHER_PHONE });
    expect(stranger.status).toBe(409);
    expect(stranger.body).toMatchObject({ reason: 'name-taken', message: nameTakenMessage('Bob') });
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(1);
  });

  it('two people taking the same new name at the same moment: one gets it, the other is asked to differ', async () => {
    const results = await Promise.all([
      confirm('bob-race-00001'),
      confirm('bob-race-00002', { guestToken: OTHER_PHONE }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await prisma.guest.count({ where: { groupOrderId: order.id } })).toBe(1);
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(1);
  });

  it('knows the same Bob by his browser; his e-mail on a new device is not enough (issue 24)', async () => {
    await confirm('bob-first-0001', { guestEmail: 'bob@example.com' });
    const samePhone = await joinForm({ guestName: 'bob', guestToken: BOB_PHONE });
    expect(samePhone.location).toBe(`/apps/group-order/confirmed/${order.id}/Bob`);
    // Name + e-mail on another device: told the name is taken (and offered the e-mailed link), nothing more.
    const laptop = await joinForm({ guestName: 'Bob', email: 'bob@example.com', guestToken: OTHER_PHONE });
    expect(laptop.status).toBe(409);
    expect(laptop.body).toMatchObject({ error: nameTakenMessage('Bob'), nameTaken: 'Bob' });
    expect((await ownOrder(OTHER_PHONE)).mine).toBe(false);
  });
});

describe("a guest's own order", () => {
  it('shows items and note only to the browser that ordered them', async () => {
    await confirm('bob-first-0001', { specialInstructions: 'No sugar' });
    const mine = await ownOrder(BOB_PHONE);
    expect(mine).toMatchObject({
      mine: true,
      guest: { name: 'Bob', specialInstructions: 'No sugar' },
      items: [{ name: 'Flat White', quantity: 1 }],
    });
    const stranger = await ownOrder(OTHER_PHONE);
    expect(stranger).toEqual({ mine: false, message: NOT_YOUR_ORDER_MESSAGE });
  });

  it('merges "Add more items" of the same item into one line, and a retried confirm writes nothing', async () => {
    await confirm('bob-first-0001');
    const more = await confirm('bob-more-00001', {}, [{ menuItemId: flatWhite }, { menuItemId: croissant }]);
    expect(more.status).toBe(200);
    await confirm('bob-more-00001', {}, [{ menuItemId: flatWhite }, { menuItemId: croissant }]);
    const mine = await ownOrder(BOB_PHONE);
    expect(mine.items.map((i: Answer) => `${i.quantity}x ${i.name}`)).toEqual([
      '2x Flat White',
      '1x Almond Croissant',
    ]);
    const row = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.totalItems).toBe(3);
    expect(row.totalCents).toBe(mine.totalCents);
  });

  it('changes a quantity (priced by the server) and removes an item, only with the guest token', async () => {
    await confirm('bob-first-0001', {}, [{ menuItemId: flatWhite }, { menuItemId: croissant }]);
    const [fw, almond] = (await ownOrder(BOB_PHONE)).items;
    const patch = async (token: string, quantity: unknown) =>
      call(async () =>
        itemAction(
          args(
            await api(`/order-items/${fw.id}`, {
              method: 'PATCH',
              body: { guestName: 'Bob', quantity, totalPrice: '0.01' },
              headers: { 'X-Guest-Token': token },
            }),
            { id: String(fw.id) },
          ),
        ),
      );
    expect((await patch(OTHER_PHONE, 3)).status).toBe(403);
    expect((await patch(BOB_PHONE, 0)).status).toBe(400);
    const changed = await patch(BOB_PHONE, 3);
    expect(changed.status).toBe(200);
    expect(changed.body.groupOrder.totalItems).toBe(4);
    const remove = async () =>
      call(async () =>
        itemAction(
          args(
            await api(`/order-items/${almond.id}`, {
              method: 'DELETE',
              body: { guestName: 'Bob', guestToken: BOB_PHONE },
            }),
            { id: String(almond.id) },
          ),
        ),
      );
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(200); // twice is fine
    const mine = await ownOrder(BOB_PHONE);
    expect(mine.items.map((i: Answer) => `${i.quantity}x ${i.name}`)).toEqual(['3x Flat White']);
    expect(mine.totalCents).toBe(fw.unitPriceCents * 3);
    const row = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.totalItems, row.totalCents]).toEqual([3, fw.unitPriceCents * 3]);
  });

  it('refuses changes once the order has closed', async () => {
    await confirm('bob-first-0001');
    const [fw] = (await ownOrder(BOB_PHONE)).items;
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { deadlineAt: new Date(Date.now() - 1000) },
    });
    const request = await api(`/order-items/${fw.id}`, {
      method: 'PATCH',
      body: { guestName: 'Bob', quantity: 2 },
      headers: { 'X-Guest-Token': BOB_PHONE },
    });
    const result = await call(() => itemAction(args(request, { id: String(fw.id) })));
    expect(result.status).toBe(409);
    expect(result.body.message).toMatch(/deadline .* has passed/);
  });

  it('keeps one note per guest: a later confirm without a note keeps it, the guest can change it', async () => {
    await confirm('bob-first-0001', { specialInstructions: 'No sugar' }, [
      { menuItemId: flatWhite },
      { menuItemId: croissant },
    ]);
    await confirm('bob-more-00001', {}, [{ menuItemId: flatWhite }]);
    let summary = await getHostSummary(TEST_SHOP, order.id);
    expect(summary!.guests[0].specialInstructions).toBe('No sugar');
    expect(summary!.guests[0].items.map((i) => i.specialInstructions)).toEqual(['No sugar', null]);
    const request = await api(`/group-orders/${order.id}/guests/Bob`, {
      method: 'PATCH',
      body: { specialInstructions: 'Oat milk please', guestToken: BOB_PHONE },
    });
    const result = await call(() => guestAction(args(request, { id: String(order.id), guestName: 'Bob' })));
    expect(result.body.guest.specialInstructions).toBe('Oat milk please');
    summary = await getHostSummary(TEST_SHOP, order.id);
    expect(summary!.guests[0].specialInstructions).toBe('Oat milk please');
  });
});

describe('the host removes a guest item', () => {
  it('needs the host token, and updates the Shopify draft when the order was already submitted', async () => {
    await confirm('bob-first-0001', {}, [{ menuItemId: flatWhite }, { menuItemId: croissant }]);
    const [fw] = (await ownOrder(BOB_PHONE)).items;
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', shopifyState: 'sent', shopifyDraftOrderId: 'gid://shopify/DraftOrder/1' },
    });
    const remove = async (headers: Record<string, string>) =>
      call(async () =>
        itemAction(
          args(await api(`/order-items/${fw.id}`, { method: 'DELETE', body: {}, headers }), {
            id: String(fw.id),
          }),
        ),
      );
    expect((await remove({ 'X-Host-Token': 'not-the-host-token' })).status).toBe(403);
    const removed = await remove({ 'X-Host-Token': hostToken });
    expect(removed.status).toBe(200);
    expect(removed.body.groupOrder.totalItems).toBe(1);
    const row = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.shopifyState).toBe('pending');
    expect(
      await prisma.outboxMessage.count({
        where: { dedupeKey: `draft-order:${order.id}`, status: 'pending' },
      }),
    ).toBe(1);
  });
});

describe('removing an item this shop does not have', () => {
  it("answers 404 for another shop's item id or a made-up one, and removes nothing", async () => {
    const otherMenu = await seedMenu(OTHER_SHOP);
    const other = await createTestGroupOrder({ shop: OTHER_SHOP });
    const { items } = await confirmCart(OTHER_SHOP, {
      groupOrderId: other.order.id,
      confirmationKey: 'other-shop-key-1',
      guestName: 'Bob',
      guestInitials: null,
      guestEmail: null,
      guestToken: BOB_PHONE,
      specialInstructions: null,
      items: [{ menuItemId: otherMenu[0].id, quantity: 1, selectedModifiers: [] }],
    } as Parameters<typeof confirmCart>[1]);
    const remove = async (id: number, headers: Record<string, string>) =>
      call(async () =>
        itemAction(
          args(
            await api(`/order-items/${id}`, {
              method: 'DELETE',
              body: { guestName: 'Bob', guestToken: BOB_PHONE },
              headers,
            }),
            { id: String(id) },
          ),
        ),
      );
    for (const headers of [{}, { 'X-Host-Token': other.hostToken }] as Record<string, string>[]) {
      const answer = await remove(items[0].id, headers);
      expect(answer).toMatchObject({
        status: 404,
        body: { message: 'That item is no longer in the order.' },
      });
    }
    expect((await remove(987_654_321, {})).status).toBe(404);
    expect(await prisma.orderItem.count({ where: { shop: OTHER_SHOP } })).toBe(1);
  });
});
