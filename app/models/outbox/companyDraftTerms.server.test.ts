import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { draftTotals } from '../../../scripts/simulator/admin-draft-orders.mjs';
import { startAdminApi } from '../../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../../test/support/requests';

// The company's draft on payment terms (issue 25; docs/decisions/2026-11-27-company-draft-terms.md),
// against the simulated Admin API: Net 30 (or a B2B host's location terms), the fees and tip the company
// pays as custom lines, reconciliation to the cent with the guests' paid orders, and completion with
// draftOrderComplete(id) when the kitchen starts, once.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('../../db.server');
const { createTestGroupOrder, seedMenu } = await import('../../../test/support/factories');
const { confirmAs } = await import('../../../test/support/guestConfirms');
const { setGroupOrderStatus } = await import('../groupOrder/submitOrder.server');
const { markSharePaid } = await import('../groupOrder/guestShares.server');
const { moveKitchenState } = await import('../kitchen/kitchen.server');
const { outboxDelivery, startEmpty } = await import('../../../test/support/moneySimulator');
const { syncDraftOrder } = await import('./draftOrderSync.server');
const { tipTotal } = await import('../../lib/moneyShares');
await import('./outbox-handlers.server');

afterAll(() => api.close());

const sim = api.sim;
const drafts = () => sim.state.draftOrders.filter((d: Answer) => d.shop === TEST_SHOP);
const orders = () => sim.state.orders.filter((o: Answer) => o.shop === TEST_SHOP);

const deliver = outboxDelivery(['shopify.shareDraft', 'shopify.draftOrder']);

beforeEach(() => startEmpty(sim));

async function order(rules: Record<string, unknown>, guests: [string, string, number][]) {
  const menu = await seedMenu();
  const made = await createTestGroupOrder(rules);
  for (const [guestName, item, quantity] of guests) {
    await confirmAs(made.order.id, guestName, menu.find((m) => m.name === item)!.id, quantity);
  }
  await deliver();
  return { ...made, menu };
}

async function pay(guestName: string) {
  const share = await prisma.guestShare.findFirstOrThrow({
    where: { shop: TEST_SHOP, guest: { name: guestName } },
  });
  const draft = drafts().find((d: Answer) => d.id === share.shopifyDraftOrderId);
  const paid = sim.payInvoice(draft.invoiceToken, {
    gateway: 'shopify_payments',
    test: true,
    authorization: 'ch_t',
  });
  await prisma.$transaction((tx) =>
    markSharePaid(tx, TEST_SHOP, share.id, {
      shopifyOrderId: paid.order.id,
      paidCents: paid.order.total,
      at: new Date(),
    }),
  );
}

const companyDraft = async (id: number) => {
  const row = await prisma.groupOrder.findFirstOrThrow({ where: { id } });
  return { row, draft: drafts().find((d: Answer) => d.id === row.shopifyDraftOrderId) };
};

describe("the company's draft on payment terms", () => {
  it('budget + fees paid by the company: fee and tip are custom lines, Net 30, and paid shares + company draft = the group total', async () => {
    const {
      order: o,
      hostToken,
      menu,
    } = await order(
      {
        paymentMode: 'budget',
        budgetCents: 500,
        overagePolicy: 'guest-pays',
        feeSplit: 'company',
        deliveryFeeCents: 750,
        tipPercent: 10,
      },
      [
        ['Olivia', 'Flat White', 2],
        ['James', 'Almond Croissant', 1],
      ],
    );
    await pay('Olivia');
    await setGroupOrderStatus(TEST_SHOP, o.id, 'submitted', { hostToken });
    await deliver();

    const items = (
      await prisma.orderItem.findMany({ where: { shop: TEST_SHOP, groupOrderId: o.id } })
    ).reduce((sum, item) => sum + item.totalCents, 0);
    const tip = tipTotal({ tipPercent: 10, tipCents: 0 }, items);
    const { draft } = await companyDraft(o.id);
    const custom = draft.lineItems.filter((l: Answer) => l.custom);
    expect(custom.map((l: Answer) => [l.title, l.unitPrice, l.taxable])).toEqual(
      expect.arrayContaining([
        ['Delivery fee', 750, false],
        ['Tip', tip, false],
      ]),
    );
    expect(draft.paymentTerms).toMatchObject({ name: 'Net 30', type: 'NET' });
    const paid = orders().reduce((sum: number, order: Answer) => sum + order.total, 0);
    expect(paid + draftTotals(draft).total).toBe(items + 750 + tip);
    expect(menu.length).toBeGreaterThan(0);
  });

  it('is completed with draftOrderComplete when the kitchen starts: one PENDING order on its terms, never twice', async () => {
    const { order: o, hostToken } = await order({ paymentMethod: 'on-account' }, [['Ava', 'Flat White', 1]]);
    await setGroupOrderStatus(TEST_SHOP, o.id, 'submitted', { hostToken });
    await deliver();
    expect((await companyDraft(o.id)).draft.status).toBe('OPEN');
    expect(orders()).toHaveLength(0);

    await moveKitchenState(TEST_SHOP, o.id, { to: 'received', actor: 'kitchen' });
    await deliver();
    const { row, draft } = await companyDraft(o.id);
    expect(draft.status).toBe('COMPLETED');
    expect(orders()).toHaveLength(1);
    expect(orders()[0]).toMatchObject({ paymentPending: true, paymentTerms: { name: 'Net 30' } });
    expect(row.shopifyCompanyOrderId).toBe(orders()[0].id);
    const completes = sim.state.calls.filter((c: Answer) => c.rootFields.includes('draftOrderComplete'));
    expect(completes).toHaveLength(1);
    expect(completes[0].query).not.toContain('paymentPending');

    // A later sync (an undo, a retry) leaves the placed order alone.
    expect(await syncDraftOrder(TEST_SHOP, o.id)).toMatchObject({ status: 'held' });
    expect(orders()).toHaveLength(1);
  });

  it('a B2B host buys for their company location, on the location’s own terms', async () => {
    const { order: o, hostToken } = await order(
      { paymentMethod: 'on-account', hostCustomerId: 'gid://shopify/Customer/1002' },
      [['Ava', 'Flat White', 1]],
    );
    await setGroupOrderStatus(TEST_SHOP, o.id, 'submitted', { hostToken });
    await deliver();
    const { draft } = await companyDraft(o.id);
    expect(draft.purchasingCompany).toMatchObject({
      companyId: expect.stringContaining('Company/'),
      companyLocationId: expect.stringContaining('CompanyLocation/'),
      companyContactId: expect.stringContaining('CompanyContact/'),
    });
    expect(draft.customerId).toBe('gid://shopify/Customer/1002');
    expect(draft.paymentTerms).toMatchObject({ templateId: 'gid://shopify/PaymentTermsTemplate/4' });
  });

  it('Pay in Store and Invoice keep an open draft without terms', async () => {
    const { order: o, hostToken } = await order({ paymentMethod: 'pay-in-store' }, [
      ['Ava', 'Flat White', 1],
    ]);
    await setGroupOrderStatus(TEST_SHOP, o.id, 'submitted', { hostToken });
    await deliver();
    await moveKitchenState(TEST_SHOP, o.id, { to: 'received', actor: 'kitchen' });
    await deliver();
    const { draft } = await companyDraft(o.id);
    expect(draft.paymentTerms ?? null).toBeNull();
    expect(draft.status).toBe('OPEN');
  });

  it('where the company pays everything, the delivery fee and tip are lines of its one draft: the draft is the group total', async () => {
    const { order: o, hostToken } = await order(
      { paymentMethod: 'invoice', orderType: 'delivery', deliveryFeeCents: 500, tipCents: 300 },
      [
        ['Ava', 'Flat White', 1],
        ['Noah', 'Almond Croissant', 2],
      ],
    );
    await setGroupOrderStatus(TEST_SHOP, o.id, 'submitted', { hostToken });
    await deliver();
    const items = (
      await prisma.orderItem.findMany({ where: { shop: TEST_SHOP, groupOrderId: o.id } })
    ).reduce((sum, item) => sum + item.totalCents, 0);
    const { draft } = await companyDraft(o.id);
    const custom = draft.lineItems.filter((l: Answer) => l.custom && !l.taxable);
    expect(custom.map((l: Answer) => [l.title, l.unitPrice, l.taxable])).toEqual([
      ['Delivery fee', 500, false],
      ['Tip', 300, false],
    ]);
    expect(draftTotals(draft).total).toBe(items + 500 + 300);
  });
});
