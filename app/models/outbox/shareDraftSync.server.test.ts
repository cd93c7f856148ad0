import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../../test/support/requests';

// A guest share's draft order (issue 25), made by the real outbox through the real Admin API client against
// the simulated Admin API: once per share, at the share's amount, kept right after edits.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('../../db.server');
const { createTestGroupOrder, seedMenu } = await import('../../../test/support/factories');
const { confirmCart } = await import('../groupOrder/orderItems.server');
const { setOwnItemQuantity } = await import('../groupOrder/guestChanges.server');
const { outboxDelivery, startEmpty } = await import('../../../test/support/moneySimulator');
const { syncShareDraft } = await import('./shareDraftSync.server');
const { syncDraftOrder } = await import('./draftOrderSync.server');
await import('./outbox-handlers.server');

afterAll(() => api.close());

const sim = api.sim;
const drafts = () => sim.state.draftOrders.filter((d: Answer) => d.shop === TEST_SHOP);

const deliver = outboxDelivery(['shopify.shareDraft']);

beforeEach(() => startEmpty(sim));

async function moneyOrder(rules: Record<string, unknown>) {
  const menu = await seedMenu();
  const { order } = await createTestGroupOrder(rules);
  let n = 0;
  const confirm = (guestName: string, menuItemId: number, quantity = 1) =>
    confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: `key-${guestName}-${(n += 1)}`,
      guestName,
      guestInitials: null,
      guestEmail: `${guestName.toLowerCase()}@example.com`,
      guestToken: `token-${guestName}-000000000000000000`,
      specialInstructions: null,
      items: [{ menuItemId, quantity, selectedModifiers: [] }],
    } as Parameters<typeof confirmCart>[1]);
  return { order, menu, confirm };
}

/** $5.00 each, guests pay over it: Olivia two Flat Whites (over), James the cheapest item (within). */
async function budgetOrder() {
  const { order, menu, confirm } = await moneyOrder({
    paymentMode: 'budget',
    budgetCents: 500,
    overagePolicy: 'guest-pays',
  });
  const flatWhite = menu.find((m) => m.name === 'Flat White')!;
  const cheap = [...menu].sort((a, b) => a.priceCents - b.priceCents)[0];
  expect(cheap.priceCents).toBeLessThanOrEqual(500);
  await confirm('Olivia', flatWhite.id, 2);
  await confirm('James', cheap.id);
  await deliver();
  return { order, flatWhite, cheap };
}

const shareOf = (guestName: string) =>
  prisma.guestShare.findFirstOrThrow({ where: { shop: TEST_SHOP, guest: { name: guestName } } });

describe('guest share drafts', () => {
  it("own-share: a guest's confirm makes one draft of their own lines, tagged and linked, at their amount", async () => {
    const { order, menu, confirm } = await moneyOrder({ paymentMode: 'own-share' });
    const flatWhite = menu.find((m) => m.name === 'Flat White')!;
    const croissant = menu.find((m) => m.name === 'Almond Croissant')!;
    await confirm('Olivia', flatWhite.id, 2);
    await confirm('James', croissant.id);
    await deliver();

    expect(drafts()).toHaveLength(2);
    const olivia = await shareOf('Olivia');
    const draft = drafts().find((d: Answer) => d.id === olivia.shopifyDraftOrderId);
    expect(draft.tags).toEqual(expect.arrayContaining(['group-order', `group-order-${order.code}`]));
    expect(draft.customAttributes).toEqual(
      expect.arrayContaining([
        { key: 'group_order_id', value: String(order.id) },
        { key: 'group_order_share_id', value: String(olivia.id) },
      ]),
    );
    expect(draft.lineItems.map((l: Answer) => [l.title, l.quantity, l.unitPrice])).toEqual([
      ['Flat White', 2, flatWhite.priceCents],
    ]);
    expect(draft.email).toBe('olivia@example.com');
    expect(olivia).toMatchObject({
      guestCents: 2 * flatWhite.priceCents,
      paymentStatus: 'pending',
      shopifyInvoiceUrl: draft.invoiceUrl,
    });
  });

  it('an edit before paying updates the same draft; running the sync again makes no second draft', async () => {
    const { menu, confirm } = await moneyOrder({ paymentMode: 'own-share' });
    const flatWhite = menu.find((m) => m.name === 'Flat White')!;
    const { items } = await confirm('Olivia', flatWhite.id);
    await deliver();
    const first = await shareOf('Olivia');
    await setOwnItemQuantity(TEST_SHOP, items[0].id, {
      guestName: 'Olivia',
      token: 'token-Olivia-000000000000000000',
      quantity: 3,
    });
    await deliver();
    // A crash after Shopify's answer, before our write: the id is gone, the retry finds the draft again.
    await prisma.guestShare.update({ where: { id: first.id }, data: { shopifyDraftOrderId: null } });
    await syncShareDraft(TEST_SHOP, first.id);

    expect(drafts()).toHaveLength(1);
    const share = await shareOf('Olivia');
    expect(share.shopifyDraftOrderId).toBe(first.shopifyDraftOrderId);
    expect(share.guestCents).toBe(3 * flatWhite.priceCents);
    expect(drafts()[0].lineItems[0].quantity).toBe(3);
  });

  it("budget with guest-pays: the company's cover is the draft's discount; a share within budget gets no draft", async () => {
    const { flatWhite } = await budgetOrder();

    const olivia = await shareOf('Olivia');
    expect(olivia).toMatchObject({ companyCents: 500, guestCents: 2 * flatWhite.priceCents - 500 });
    expect(drafts()).toHaveLength(1);
    expect(drafts()[0].appliedDiscount).toMatchObject({ value: 5, valueType: 'FIXED_AMOUNT' });
  });

  it('a company-paid order makes no share drafts', async () => {
    const { menu, confirm } = await moneyOrder({});
    await confirm('Olivia', menu[0].id);
    await deliver();
    expect(drafts()).toHaveLength(0);
    expect(await prisma.guestShare.count()).toBe(0);
  });
});

describe("the company's draft where guests pay", () => {
  it('holds the covered items and the Budget lines, never a paying guest’s items, and is not mistaken for a share draft', async () => {
    const { order, cheap } = await budgetOrder();
    expect(drafts()).toHaveLength(1);
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    await syncDraftOrder(TEST_SHOP, order.id);
    // A retry after a lost answer finds the company's draft again, not Olivia's.
    await prisma.groupOrder.update({ where: { id: order.id }, data: { shopifyDraftOrderId: null } });
    await syncDraftOrder(TEST_SHOP, order.id);

    expect(drafts()).toHaveLength(2);
    const olivia = await shareOf('Olivia');
    const company = drafts().find((d: Answer) => d.id !== olivia.shopifyDraftOrderId);
    expect(company.lineItems.map((l: Answer) => [l.title, l.quantity, l.unitPrice])).toEqual([
      [cheap.name, 1, cheap.priceCents],
      ['Budget: Olivia', 1, 500],
    ]);
    const paying = drafts().find((d: Answer) => d.id === olivia.shopifyDraftOrderId);
    expect(paying.lineItems.map((l: Answer) => l.title)).toEqual(['Flat White']);
  });
});
