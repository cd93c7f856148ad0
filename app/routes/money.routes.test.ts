import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createOrderBody, createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { action as createAction } from './apps.group-order.api.group-orders';
import { action as confirmAction } from './apps.group-order.api.order-items';
import { action as itemAction } from './apps.group-order.api.order-items.$id';
import { action as moneyAction, loader as moneyLoader } from './apps.group-order.api.group-orders.$id.money';

// Issue 25, the money rules: chosen at create, changed on the dashboard until submit, and the budget
// enforced by the server in the confirm's and the edits' own transactions. Latte 5.20, Banana Bread 6.50.

const TOKEN = 'alex-token-0000000000001';
let latteId: number;
let breadId: number;

beforeEach(async () => {
  await prisma.rateLimiterFlexible.deleteMany();
  await prisma.outboxMessage.deleteMany();
  await prisma.orderItem.deleteMany();
  await prisma.guest.deleteMany();
  await prisma.groupOrder.deleteMany();
  const menu = await seedMenu(TEST_SHOP);
  latteId = menu.find((m) => m.name === 'Latte')!.id;
  breadId = menu.find((m) => m.name === 'Banana Bread')!.id;
});

function createBody(overrides: Record<string, unknown> = {}) {
  return createOrderBody({ paymentMethod: 'on-account', ...overrides });
}

async function create(body: unknown, accept?: string) {
  const request = await proxyRequest('/apps/group-order/api/group-orders', {
    body,
    headers: accept ? { 'Accept-Language': accept } : {},
  });
  return call(() => createAction(args(request)));
}

async function budgetOrder(overagePolicy = 'refuse', budgetCents = 1500) {
  return createTestGroupOrder({ paymentMode: 'budget', budgetCents, overagePolicy });
}

function cart(orderId: number, items: { menuItemId: number; quantity: number }[], key = 'money-key-0001') {
  return {
    groupOrderId: orderId,
    confirmationKey: key,
    guestName: 'Alex',
    guestEmail: 'alex@example.com',
    guestToken: TOKEN,
    items: items.map((item) => ({ ...item, selectedModifiers: [] })),
  };
}

async function confirm(body: unknown, locale = 'en') {
  const request = await proxyRequest('/apps/group-order/api/order-items', { body, query: { locale } });
  return call(() => confirmAction(args(request)));
}

async function changeMoney(id: number, body: Record<string, unknown>, hostToken?: string) {
  const request = await proxyRequest(`/apps/group-order/api/group-orders/${id}/money`, {
    body,
    headers: hostToken ? { 'X-Host-Token': hostToken } : {},
  });
  return call(() => moneyAction(args(request, { id: String(id) })));
}

describe('create: the money choices', () => {
  it('keeps a budget order as cents with its rules', async () => {
    const result = await create(
      createBody({
        paymentMode: 'budget',
        budget: '15.00',
        overagePolicy: 'guest-pays',
        tipPercent: '10',
        feeSplit: 'even',
        unpaidPolicy: 'host-covers',
        costCode: 'PO-4471',
      }),
    );
    expect(result.status).toBe(201);
    const order = await prisma.groupOrder.findUniqueOrThrow({ where: { id: result.body.id } });
    expect(order).toMatchObject({
      paymentMode: 'budget',
      budgetCents: 1500,
      overagePolicy: 'guest-pays',
      tipPercent: 10,
      tipCents: 0,
      feeSplit: 'even',
      unpaidPolicy: 'host-covers',
      costCode: 'PO-4471',
    });
  });

  it('defaults to today’s behaviour: the company pays everything', async () => {
    const result = await create(createBody());
    expect(result.status).toBe(201);
    const order = await prisma.groupOrder.findUniqueOrThrow({ where: { id: result.body.id } });
    expect(order).toMatchObject({ paymentMode: 'company', budgetCents: null, tipPercent: 0, tipCents: 0 });
  });

  it.each([
    [{ paymentMode: 'budget' }, 'Enter the budget per person.'],
    [{ paymentMode: 'budget', budget: '-5' }, 'Budget must be between $1.00 and $500.00.'],
    [{ paymentMode: 'budget', budget: '0.50' }, 'Budget must be between $1.00 and $500.00.'],
    [{ paymentMode: 'budget', budget: '99999' }, 'Budget must be between $1.00 and $500.00.'],
    [{ paymentMode: 'budget', budget: '12.345' }, 'Budget must be between $1.00 and $500.00.'],
    [{ paymentMode: 'budget', budget: 'lots' }, 'Budget must be between $1.00 and $500.00.'],
    [{ paymentMode: 'someone' }, 'Choose who pays from the list.'],
    [{ tipPercent: '-1' }, 'The tip must be a whole percent from 0 to 30.'],
    [{ tipPercent: '80' }, 'The tip must be a whole percent from 0 to 30.'],
    [{ tipPercent: '2.5' }, 'The tip must be a whole percent from 0 to 30.'],
    [{ tipAmount: '-2.00' }, 'The tip must be an amount from $0.00 to $500.00.'],
    [{ tipAmount: '900' }, 'The tip must be an amount from $0.00 to $500.00.'],
    [{ tipPercent: '10', tipAmount: '2.00' }, 'Give the tip as a percent or as an amount, not both.'],
    [{ feeSplit: 'random' }, 'Choose how the delivery fee and the tip are shared.'],
    [{ unpaidPolicy: 'forget' }, 'Choose what happens to shares not paid by the deadline.'],
    [{ overagePolicy: 'maybe' }, 'Choose what happens when someone goes over the budget.'],
    [{ costCode: 'C'.repeat(61) }, 'The PO number or cost code can be at most 60 characters.'],
  ])('refuses %j with a sentence and writes nothing', async (money, sentence) => {
    const result = await create(createBody(money));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(sentence);
    expect(await prisma.groupOrder.count()).toBe(0);
  });

  it('says the refusal in the request’s language', async () => {
    const result = await create(createBody({ paymentMode: 'budget', budget: '-5' }), 'de-DE,de;q=0.9');
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Das Budget muss zwischen 1,00 $ und 500,00 $ liegen.');
  });
});

describe('confirm and edits: the budget, enforced by the server', () => {
  it('refuses a cart over the budget with "$0.60 over your $15.00 budget", writing nothing', async () => {
    const { order } = await budgetOrder();
    const over = await confirm(cart(order.id, [{ menuItemId: latteId, quantity: 3 }]));
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('$0.60 over your $15.00 budget');
    expect(over.body).toMatchObject({ limit: 'budget', overCents: 60, budgetCents: 1500 });
    expect(await prisma.orderItem.count()).toBe(0);
    const fresh = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(fresh).toMatchObject({ totalCents: 0, participantCount: 0 });
  });

  it('counts what the guest already confirmed, and says it in their language', async () => {
    const { order } = await budgetOrder();
    expect((await confirm(cart(order.id, [{ menuItemId: latteId, quantity: 2 }]))).status).toBe(201);
    const more = await confirm(
      cart(order.id, [{ menuItemId: breadId, quantity: 1 }], 'money-key-0002'),
      'fr',
    );
    expect(more.status).toBe(422);
    // 10.40 + 6.50 = 16.90: 1.90 over, in French (the request's language).
    expect(more.body.message).toMatch(/^1,90\s\$AU de plus que votre budget de 15,00\s\$AU$/);
    expect(await prisma.orderItem.count()).toBe(1);
  });

  it('lets the guest go over when the guest pays the difference, and another order without a budget', async () => {
    const { order } = await budgetOrder('guest-pays');
    expect((await confirm(cart(order.id, [{ menuItemId: latteId, quantity: 3 }]))).status).toBe(201);
    const { order: plain } = await createTestGroupOrder();
    expect((await confirm(cart(plain.id, [{ menuItemId: latteId, quantity: 20 }]))).status).toBe(201);
  });

  it('refuses raising a quantity over the budget, and allows lowering one that is over', async () => {
    const { order } = await budgetOrder();
    const first = await confirm(cart(order.id, [{ menuItemId: latteId, quantity: 2 }]));
    const itemId = first.body.items[0].id;
    const setQuantity = async (quantity: number) => {
      const request = await proxyRequest(`/apps/group-order/api/order-items/${itemId}`, {
        method: 'PATCH',
        body: { guestName: 'Alex', quantity },
        headers: { 'X-Guest-Token': TOKEN },
        query: { locale: 'en' },
      });
      return call(() => itemAction(args(request, { id: String(itemId) })));
    };
    const raised = await setQuantity(3);
    expect(raised.status).toBe(422);
    expect(raised.body.message).toBe('$0.60 over your $15.00 budget');
    expect((await prisma.orderItem.findUniqueOrThrow({ where: { id: itemId } })).quantity).toBe(2);
    // The budget lowered under what Alex has: lowering is still allowed, raising is not.
    await prisma.groupOrder.update({ where: { id: order.id }, data: { budgetCents: 500 } });
    expect((await setQuantity(1)).status).toBe(200);
  });

  it('two confirms of one guest racing cannot together exceed the budget', async () => {
    const { order } = await budgetOrder();
    // Each cart alone fits (10.40), both together (20.80) do not.
    const results = await Promise.all([
      confirm(cart(order.id, [{ menuItemId: latteId, quantity: 2 }], 'race-key-0000001')),
      confirm(cart(order.id, [{ menuItemId: latteId, quantity: 2 }], 'race-key-0000002')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const items = await prisma.orderItem.findMany({ where: { groupOrderId: order.id } });
    expect(items.reduce((sum, item) => sum + item.totalCents, 0)).toBe(1040);
    const fresh = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(fresh.totalCents).toBe(1040);
  });
});

describe('the host changes who pays until submit', () => {
  it('re-checks everyone and e-mails, in their language, only those the new budget puts over', async () => {
    const { order, hostToken } = await budgetOrder('refuse', 2000);
    expect((await confirm(cart(order.id, [{ menuItemId: latteId, quantity: 2 }]), 'fr')).status).toBe(201);
    const sam = { ...cart(order.id, [{ menuItemId: breadId, quantity: 1 }], 'sam-key-00000001') };
    const samCart = {
      ...sam,
      guestName: 'Sam',
      guestEmail: 'sam@example.com',
      guestToken: 'sam-token-000000000001',
    };
    expect((await confirm(samCart, 'de')).status).toBe(201);

    const changed = await changeMoney(order.id, { paymentMode: 'budget', budget: '10.00' }, hostToken);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      overBudget: 1,
      money: { budgetCents: 1000, paymentMode: 'budget' },
    });
    const mails = await prisma.outboxMessage.findMany({ where: { kind: 'email' } });
    expect(mails).toHaveLength(1);
    const mail = JSON.parse(mails[0].payload);
    expect(mail.to).toBe('alex@example.com');
    expect(mail.subject).toBe('Votre commande dépasse le nouveau budget');
    expect(mail.text).toMatch(/10,40\s\$/);

    // The same budget again tells nobody twice.
    await changeMoney(order.id, { paymentMode: 'budget', budget: '10.00' }, hostToken);
    expect(await prisma.outboxMessage.count({ where: { kind: 'email' } })).toBe(1);
  });

  it('refuses without the host, with a bad budget, and after submit; changes nothing', async () => {
    const { order, hostToken } = await budgetOrder();
    expect((await changeMoney(order.id, { paymentMode: 'budget', budget: '10.00' })).status).toBe(401);
    expect(
      (await changeMoney(order.id, { paymentMode: 'budget', budget: '10.00' }, 'wrong-token')).status,
    ).toBe(403);
    const bad = await changeMoney(order.id, { paymentMode: 'budget', budget: '-1' }, hostToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Budget must be between $1.00 and $500.00.');
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    const late = await changeMoney(order.id, { paymentMode: 'own-share' }, hostToken);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This order was submitted, so who pays can no longer be changed.');
    const fresh = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(fresh).toMatchObject({ paymentMode: 'budget', budgetCents: 1500 });
  });

  it('does not reach another shop’s order, and answers GET with 405', async () => {
    const { order, hostToken } = await createTestGroupOrder({ shop: OTHER_SHOP });
    const request = await proxyRequest(`/apps/group-order/api/group-orders/${order.id}/money`, {
      body: { paymentMode: 'own-share' },
      headers: { 'X-Host-Token': hostToken },
    });
    expect((await call(() => moneyAction(args(request, { id: String(order.id) })))).status).toBe(404);
    const get = await proxyRequest(`/apps/group-order/api/group-orders/${order.id}/money`);
    expect((await call(() => moneyLoader(args(get, { id: String(order.id) })))).status).toBe(405);
  });
});
