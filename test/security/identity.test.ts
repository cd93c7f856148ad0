import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { nameTakenMessage } from '~/lib/guests';
import { hashSecret } from '~/lib/ids.server';
import {
  GUEST_LINK_MINUTES,
  guestLinkSentMessage,
  requestGuestLink,
} from '~/models/groupOrder/guestLinks.server';
import { action as itemsAction } from '~/routes/apps.group-order.api.order-items';
import { action as itemAction } from '~/routes/apps.group-order.api.order-items.$id';
import {
  action as guestAction,
  loader as guestLoader,
} from '~/routes/apps.group-order.api.group-orders.$id.guests.$guestName';
import { action as linkRequestAction } from '~/routes/apps.group-order.api.group-orders.$id.guest-link';
import { action as linkRedeemAction } from '~/routes/apps.group-order.api.guest-links.$token';
import { loader as linkPageLoader } from '~/routes/apps.group-order.guest.link.$token';
import { action as joinAction } from '~/routes/apps.group-order.join.$code';
import { action as usualSave, loader as usualGet } from '~/routes/apps.group-order.api.usual-order';
import { action as usualLoad } from '~/routes/apps.group-order.api.usual-order_.load';
import { createTestGroupOrder, seedMenu } from '../support/factories';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP, type Answer } from '../support/requests';

// Issue 24, part 1: an e-mail address is not a key. A guest's items and note are reachable only from the
// browsers that hold the guest's token (the one that ordered, or one that opened a one-time link e-mailed
// to the guest's own address). Knowing a colleague's name and address gets a stranger nothing, by any
// route: confirm, one-item add, PATCH/DELETE of items, the guest note, the usual order, the join form,
// and the host's own "Add My Order".

const API = '/apps/group-order/api';
const ALICE = 'alice@example.com';
const PHONE_A = 'alice-phone-a-token-000001'; // Alice's own phone
const PHONE_B = 'new-phone-b-token-00000001'; // a new phone: Alice later, or a colleague now
const DEVICE_A = 'alice-device-key-a-0000001';
const DEVICE_B = 'new-device-key-b-000000001';

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let hostToken: string;
let latte: number;
let bread: number;

beforeEach(async () => {
  await prisma.rateLimiterFlexible.deleteMany();
  await prisma.usualOrder.deleteMany();
  const menu = await seedMenu(TEST_SHOP);
  latte = menu.find((i) => i.name === 'Latte')!.id;
  bread = menu.find((i) => i.name === 'Banana Bread')!.id;
  ({ order, hostToken } = await createTestGroupOrder());
  // Alice confirms on her phone with her address and a note.
  const alice = await confirm({ guestToken: PHONE_A, specialInstructions: 'Oat milk please' });
  expect(alice.status).toBe(201);
});

async function json(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; shop?: string },
) {
  return proxyRequest(`${API}${path}`, init);
}

/** A POST to the order-items API, as a guest's page sends it. */
async function postItems(body: Record<string, unknown>) {
  return call(async () => itemsAction(args(await json('/order-items', { body }))));
}

function confirm(overrides: Record<string, unknown> = {}, key = crypto.randomUUID()) {
  return postItems({
    groupOrderId: order.id,
    confirmationKey: key,
    guestName: 'Alice',
    guestInitials: 'AL',
    guestEmail: ALICE,
    specialInstructions: null,
    items: [{ menuItemId: latte, quantity: 1, selectedModifiers: [] }],
    ...overrides,
  });
}

/** The spec's client: one item per call, no token, no key. */
function addOne(overrides: Record<string, unknown> = {}) {
  return postItems({
    groupOrderId: order.id,
    guestName: 'Alice',
    guestInitials: 'AL',
    menuItemId: bread,
    quantity: 1,
    selectedModifiers: [],
    specialInstructions: null,
    ...overrides,
  });
}

async function own(name: string, token: string | null, headers: Record<string, string> = {}) {
  const request = await json(`/group-orders/${order.id}/guests/${encodeURIComponent(name)}`, {
    headers: { ...(token ? { 'X-Guest-Token': token } : {}), ...headers },
  });
  return (await call(() => guestLoader(args(request, { id: String(order.id), guestName: name })))).body;
}

async function patchItem(id: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const request = await json(`/order-items/${id}`, { method: 'PATCH', body, headers });
  return call(() => itemAction(args(request, { id: String(id) })));
}

async function deleteItem(id: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const request = await json(`/order-items/${id}`, { method: 'DELETE', body, headers });
  return call(() => itemAction(args(request, { id: String(id) })));
}

async function patchNote(name: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const request = await json(`/group-orders/${order.id}/guests/${encodeURIComponent(name)}`, {
    method: 'PATCH',
    body,
    headers,
  });
  return call(() => guestAction(args(request, { id: String(order.id), guestName: name })));
}

async function askLink(guestName: string, email: string, shop = TEST_SHOP) {
  const request = await json(`/group-orders/${order.id}/guest-link`, { body: { guestName, email }, shop });
  return call(() => linkRequestAction(args(request, { id: String(order.id) })));
}

async function redeem(token: string, guestToken: string, deviceKey?: string, shop = TEST_SHOP) {
  const request = await json(`/guest-links/${token}`, { body: { guestToken, deviceKey }, shop });
  return call(() => linkRedeemAction(args(request, { token })));
}

async function joinForm(fields: Record<string, string>) {
  const signed = await proxyRequest(`/apps/group-order/join/${order.code}`, { method: 'POST' });
  const request = new Request(signed.url, {
    method: 'POST',
    body: new URLSearchParams({ initials: '', email: '', ...fields }),
    headers: signed.headers,
  });
  const result = await call(() => joinAction(args(request, { code: order.code })));
  const body = result.body as { type?: string; data?: Answer; init?: { status?: number } } | undefined;
  if (body?.type === 'DataWithResponseInit') return { status: body.init?.status ?? 200, body: body.data };
  return { status: result.status, body: null, location: result.response?.headers.get('Location') };
}

/** What a stranger must never change: Alice's guest row, tokens, items and the order's totals. */
async function snapshot() {
  const [guests, tokens, items, row] = await Promise.all([
    prisma.guest.findMany({ where: { groupOrderId: order.id }, orderBy: { id: 'asc' } }),
    prisma.guestToken.findMany({ orderBy: { id: 'asc' } }),
    prisma.orderItem.findMany({ where: { groupOrderId: order.id }, orderBy: { id: 'asc' } }),
    prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } }),
  ]);
  return { guests, tokens, items, totals: [row.totalItems, row.totalCents, row.participantCount] };
}

async function aliceItem() {
  return prisma.orderItem.findFirstOrThrow({ where: { groupOrderId: order.id, guestName: 'Alice' } });
}

/** The link in the newest guest-link e-mail to `to`, read from the outbox (its only copy in plain text). */
async function linkTokenMailedTo(to: string) {
  const mails = await prisma.outboxMessage.findMany({
    where: {
      kind: 'email',
      payload: { contains: '/guest/link/' },
      AND: { payload: { contains: order.code } },
    },
    orderBy: { id: 'desc' },
  });
  const mail = mails
    .map((m) => JSON.parse(m.payload) as { to: string; text: string })
    .find((m) => m.to === to);
  return mail ? /\/guest\/link\/([A-Za-z0-9_-]+)/.exec(mail.text)![1] : null;
}

describe("the takeover fails by every route: a new browser with Alice's name and e-mail", () => {
  it('confirm (POST /api/order-items, whole cart): 409 name taken, nothing written, no token added', async () => {
    const before = await snapshot();
    const taken = await confirm({ guestToken: PHONE_B, specialInstructions: 'Mine now' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ reason: 'name-taken', message: nameTakenMessage('Alice') });
    // The same name in another case or spacing is the same name.
    expect((await confirm({ guestToken: PHONE_B, guestName: '  ALICE ' })).status).toBe(409);
    expect(await snapshot()).toEqual(before);
    expect(await own('Alice', PHONE_B)).toMatchObject({ mine: false });
  });

  it('one-item add (POST /api/order-items, one item): 409 with or without a token', async () => {
    const before = await snapshot();
    expect((await addOne({ guestToken: PHONE_B, guestEmail: ALICE })).status).toBe(409);
    expect((await addOne({ guestEmail: ALICE })).status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('the join form: 409 with the e-mailed link offered, never a redirect to her confirmation', async () => {
    const before = await snapshot();
    const joined = await joinForm({ guestName: 'alice', email: ALICE, guestToken: PHONE_B });
    expect(joined).toMatchObject({ status: 409, body: { nameTaken: 'alice' } });
    expect(await snapshot()).toEqual(before);
  });

  it('PATCH and DELETE /api/order-items/{id}: 403, the item unchanged', async () => {
    await confirm({ guestToken: PHONE_B }); // the failed takeover first, as an attacker would
    const item = await aliceItem();
    const before = await snapshot();
    const patched = await patchItem(item.id, { guestName: 'Alice', quantity: 20, guestToken: PHONE_B });
    expect(patched.status).toBe(403);
    const removed = await deleteItem(item.id, { guestName: 'Alice', guestToken: PHONE_B });
    expect(removed.status).toBe(403);
    // Without any token at all: not the guest either (a DELETE without credentials is not the host).
    expect((await patchItem(item.id, { guestName: 'Alice', quantity: 2 })).status).toBe(403);
    expect((await deleteItem(item.id, { guestName: 'Alice' })).status).not.toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('the guest note (GET/PATCH /api/group-orders/{id}/guests/{name}): not shown, 403, unchanged', async () => {
    await confirm({ guestToken: PHONE_B }); // the failed takeover first, as an attacker would
    expect(await own('Alice', PHONE_B)).toMatchObject({ mine: false });
    expect(JSON.stringify(await own('Alice', PHONE_B))).not.toContain('Oat milk');
    const before = await snapshot();
    const note = await patchNote('Alice', { specialInstructions: 'Mine now', guestToken: PHONE_B });
    expect(note.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await own('Alice', PHONE_A)).guest.specialInstructions).toBe('Oat milk please');
  });

  it('host views that act for a guest: the host token is not a guest token, and "Add My Order" as Alice is refused', async () => {
    const item = await aliceItem();
    const host = { 'X-Host-Token': hostToken };
    expect(await own('Alice', null, host)).toMatchObject({ mine: false });
    const before = await snapshot();
    expect((await patchItem(item.id, { guestName: 'Alice', quantity: 5 }, host)).status).toBe(403);
    expect((await patchNote('Alice', { specialInstructions: 'Host was here' }, host)).status).toBe(403);
    // The dashboard's "Add My Order" for a host who types Alice's name and address: a new browser, refused.
    expect((await confirm({ guestToken: 'host-browser-token-000001', hostToken })).status).toBe(409);
    expect(await snapshot()).toEqual(before);
    // What the host may do stays: remove a guest's item (host authority, SECURITY.md section 3).
    expect((await deleteItem(item.id, {}, host)).status).toBe(200);
  });

  it('the usual order: an address alone neither loads nor replaces it, not even through a new guest with that address', async () => {
    const save = async (body: Record<string, unknown>) =>
      call(async () => usualSave(args(await json('/usual-order', { body: { email: ALICE, ...body } }))));
    const saved = await save({
      name: 'Alice',
      orderItems: [{ id: latte, quantity: 2 }],
      deviceKey: DEVICE_A,
    });
    expect(saved.status).toBe(200);
    const load = async (body: Record<string, unknown>) =>
      call(async () => usualLoad(args(await json('/usual-order/load', { body: { email: ALICE, ...body } }))));
    // Alice's own browser loads it; the spec's GET answers it with her device key.
    expect((await load({ deviceKey: DEVICE_A })).body.items).toMatchObject([{ id: latte, quantity: 2 }]);
    const get = async (device?: string) =>
      call(async () =>
        usualGet(
          args(
            await json(`/usual-order?email=${ALICE}`, { headers: device ? { 'X-Device-Key': device } : {} }),
          ),
        ),
      );
    expect((await get(DEVICE_A)).status).toBe(200);
    // A new browser: the address, a device key of its own, or a guest of its own with her address.
    expect(await get()).toMatchObject({ status: 403, body: { reason: 'proof-needed' } });
    expect(await get(DEVICE_B)).toMatchObject({ status: 403 });
    expect(await load({ deviceKey: DEVICE_B })).toMatchObject({
      status: 403,
      body: { reason: 'proof-needed' },
    });
    expect((await confirm({ guestName: 'Mallory', guestEmail: ALICE, guestToken: PHONE_B })).status).toBe(
      201,
    );
    expect(await load({ deviceKey: DEVICE_B, groupOrderId: order.id, guestToken: PHONE_B })).toMatchObject({
      status: 403,
    });
    const replaced = await save({
      name: 'Mallory',
      orderItems: [{ id: bread, quantity: 9 }],
      deviceKey: DEVICE_B,
      groupOrderId: order.id,
      guestToken: PHONE_B,
    });
    expect(replaced).toMatchObject({ status: 403, body: { reason: 'proof-needed' } });
    expect((await load({ deviceKey: DEVICE_A })).body.items).toMatchObject([{ id: latte, quantity: 2 }]);
  });
});

describe('a guest no browser holds (made by the one-item API without a token)', () => {
  beforeEach(async () => {
    expect(
      (await addOne({ guestName: 'Tom', guestEmail: 'tom@example.com', specialInstructions: 'No sugar' }))
        .status,
    ).toBe(201);
  });

  it('cannot be claimed by naming it, with or without its e-mail', async () => {
    const before = await snapshot();
    expect(
      (await confirm({ guestName: 'Tom', guestEmail: 'tom@example.com', guestToken: PHONE_B })).status,
    ).toBe(409);
    expect((await joinForm({ guestName: 'Tom', email: 'tom@example.com', guestToken: PHONE_B })).status).toBe(
      409,
    );
    expect(await snapshot()).toEqual(before);
    expect(await own('Tom', PHONE_B)).toMatchObject({ mine: false });
  });

  it("keeps the spec's client working: more tokenless items under that name, but they change nothing about Tom", async () => {
    const added = await addOne({
      guestName: 'Tom',
      guestEmail: 'mallory@example.com',
      specialInstructions: 'Changed',
    });
    expect(added.status).toBe(201);
    const tom = await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id, name: 'Tom' } });
    expect(tom).toMatchObject({ email: 'tom@example.com', specialInstructions: 'No sugar' });
    const tomItems = await prisma.orderItem.findMany({ where: { guestId: tom.id } });
    expect(tomItems.reduce((sum, i) => sum + i.quantity, 0)).toBe(2);
    // Reading, changing and removing need a token, which nobody has for Tom.
    const item = await prisma.orderItem.findFirstOrThrow({ where: { guestId: tom.id } });
    expect((await patchItem(item.id, { guestName: 'Tom', quantity: 3 })).status).toBe(403);
    expect((await patchNote('Tom', { specialInstructions: 'x' })).status).toBe(403);
    expect(await own('Tom', null)).toMatchObject({ mine: false });
  });

  it('is reached by the e-mailed link to its own address', async () => {
    await askLink('Tom', 'tom@example.com');
    const token = await linkTokenMailedTo('tom@example.com');
    expect((await redeem(token!, PHONE_B)).status).toBe(200);
    expect(await own('Tom', PHONE_B)).toMatchObject({
      mine: true,
      guest: { specialInstructions: 'No sugar' },
    });
  });
});

describe('same person, new phone: the e-mailed one-time link', () => {
  it('goes only to the address Alice gave, answering the same sentence whether or not the typed one matched', async () => {
    const wrong = await askLink('Alice', 'mallory@example.com');
    const unknown = await askLink('Nobody', ALICE);
    const right = await askLink('alice', ALICE);
    for (const [answer, name] of [
      [wrong, 'Alice'],
      [unknown, 'Nobody'],
      [right, 'alice'],
    ] as const) {
      expect(answer).toMatchObject({
        status: 200,
        body: { sent: true, message: guestLinkSentMessage(name) },
      });
    }
    const mails = await prisma.outboxMessage.findMany({
      where: { payload: { contains: '/guest/link/' }, AND: { payload: { contains: order.code } } },
    });
    expect(mails.map((m) => JSON.parse(m.payload).to)).toEqual([ALICE]);
    // Only the hash of the link's secret is stored; it expires in 30 minutes.
    const token = await linkTokenMailedTo(ALICE);
    const link = await prisma.guestLink.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(link.tokenHash).toBe(hashSecret(token!));
    expect(JSON.stringify(await prisma.guestLink.findMany())).not.toContain(token!);
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(GUEST_LINK_MINUTES * 60_000);
  });

  it('binds the new phone to Alice once: it then sees and edits her items and note; the link is spent', async () => {
    await askLink('Alice', ALICE);
    const token = (await linkTokenMailedTo(ALICE))!;
    // Opening the link only shows the page (a mail scanner that fetches it spends nothing).
    const page = await call(async () =>
      linkPageLoader(args(await proxyRequest(`/apps/group-order/guest/link/${token}`), { token })),
    );
    expect(page.body).toMatchObject({ link: { groupOrderId: order.id, guestName: 'Alice' } });
    expect(await own('Alice', PHONE_B)).toMatchObject({ mine: false });

    const used = await redeem(token, PHONE_B, DEVICE_B);
    expect(used).toMatchObject({
      status: 200,
      body: { groupOrderId: order.id, guestName: 'Alice', email: ALICE, hasItems: true },
    });
    expect(await own('Alice', PHONE_B)).toMatchObject({
      mine: true,
      guest: { specialInstructions: 'Oat milk please' },
    });
    const item = await aliceItem();
    expect((await patchItem(item.id, { guestName: 'Alice', quantity: 2, guestToken: PHONE_B })).status).toBe(
      200,
    );
    expect((await patchNote('Alice', { specialInstructions: 'Soy', guestToken: PHONE_B })).status).toBe(200);
    // Her first phone keeps her order too, and further confirms from the new phone are hers.
    expect(await own('Alice', PHONE_A)).toMatchObject({ mine: true, guest: { specialInstructions: 'Soy' } });
    const proven = await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id, name: 'Alice' } });
    expect(proven.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await confirm({ guestToken: PHONE_B })).status).toBe(201);
    // Confirming again with the same address keeps it proven; a new address is not proven.
    const after = await prisma.guest.findFirstOrThrow({ where: { id: proven.id } });
    expect(after.emailVerifiedAt?.getTime()).toBe(proven.emailVerifiedAt!.getTime());
    await confirm({ guestToken: PHONE_B, guestEmail: 'alice.new@example.com' });
    expect((await prisma.guest.findFirstOrThrow({ where: { id: proven.id } })).emailVerifiedAt).toBeNull();

    // Once only: the same link again (even on another browser) is gone, and the page says so.
    expect((await redeem(token, 'third-phone-token-0000001')).status).toBe(410);
    expect(await own('Alice', 'third-phone-token-0000001')).toMatchObject({ mine: false });
    const again = await call(async () =>
      linkPageLoader(args(await proxyRequest(`/apps/group-order/guest/link/${token}`), { token })),
    );
    expect(again.body).toEqual({ link: null });
  });

  it('refuses an expired link, a made-up one, and one used through another shop', async () => {
    await askLink('Alice', ALICE);
    const token = (await linkTokenMailedTo(ALICE))!;
    expect((await redeem(token, PHONE_B, undefined, OTHER_SHOP)).status).toBe(410);
    expect((await redeem('made-up-token-00000000000000', PHONE_B)).status).toBe(410);
    await prisma.guestLink.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await redeem(token, PHONE_B)).status).toBe(410);
    expect(await own('Alice', PHONE_B)).toMatchObject({ mine: false });
  });

  it('is rate limited per name like the host link: three per 15 minutes, then 429 with a sentence', async () => {
    for (let i = 0; i < 3; i += 1) expect((await askLink('Alice', ALICE)).status).toBe(200);
    const limited = await askLink('Alice', ALICE);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/several links/);
  });

  it('proves the address for the usual order: the new phone loads it, in this order and the next', async () => {
    await prisma.usualOrder.create({
      data: {
        shop: TEST_SHOP,
        email: ALICE,
        name: 'Alice',
        items: JSON.stringify([{ id: latte, name: 'Latte', quantity: 2, selectedModifiers: [] }]),
      },
    });
    const load = async (body: Record<string, unknown>) =>
      call(async () => usualLoad(args(await json('/usual-order/load', { body: { email: ALICE, ...body } }))));
    expect((await load({ deviceKey: DEVICE_B, groupOrderId: order.id, guestToken: PHONE_B })).status).toBe(
      403,
    );
    const { delivery } = await requestGuestLink(
      TEST_SHOP,
      order.id,
      { guestName: 'Alice', email: ALICE },
      'https://x',
    );
    await delivery;
    expect((await redeem((await linkTokenMailedTo(ALICE))!, PHONE_B, DEVICE_B)).status).toBe(200);
    expect((await load({ deviceKey: DEVICE_B })).body.items).toMatchObject([{ id: latte, quantity: 2 }]);
  });
});
