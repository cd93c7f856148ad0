import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { draftTotals } from '../../../scripts/simulator/admin-draft-orders.mjs';
import { startAdminApi } from '../../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../../test/support/requests';

// Shares not paid at submit (issue 25; docs/decisions/2026-11-27-unpaid-at-deadline.md): left out or
// covered by the host, by the host's Submit and by the auto-submit alike, against the simulated Admin API
// (the drafts and orders Shopify would hold), reconciling to the cent.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('../../db.server');
const { createTestGroupOrder, seedMenu } = await import('../../../test/support/factories');
const { confirmAs } = await import('../../../test/support/guestConfirms');
const { setGroupOrderStatus } = await import('./submitOrder.server');
const { runDeadlineJob } = await import('./schedule.server');
const { markSharePaid } = await import('./guestShares.server');
const { recordSharePaid } = await import('./shareWebhooks.server');
const { openShareCheckout } = await import('./sharePayment.server');
const { payPath } = await import('./payLinks.server');
const { oliviaAndJames, outboxDelivery, startEmpty } = await import('../../../test/support/moneySimulator');
const { syncShareDraft } = await import('../outbox/shareDraftSync.server');
await import('../outbox/outbox-handlers.server');

afterAll(() => api.close());

const sim = api.sim;
const drafts = () => sim.state.draftOrders.filter((d: Answer) => d.shop === TEST_SHOP);
const orders = () => sim.state.orders.filter((o: Answer) => o.shop === TEST_SHOP);

const deliver = outboxDelivery(['shopify.shareDraft', 'shopify.draftOrder']);

beforeEach(() => startEmpty(sim));

/** Olivia (two Flat Whites) and James (a croissant) confirm; Olivia pays at her draft's checkout. */
async function twoGuests(rules: Record<string, unknown>) {
  const { order, hostToken, flatWhite, croissant } = await oliviaAndJames(rules);
  await deliver();
  expect(drafts()).toHaveLength(2);
  const olivia = await shareOf('Olivia');
  const draft = drafts().find((d: Answer) => d.id === olivia.shopifyDraftOrderId);
  const paid = sim.payInvoice(draft.invoiceToken, {
    gateway: 'shopify_payments',
    test: true,
    authorization: 'ch_test',
    email: 'olivia@example.com',
  });
  await prisma.$transaction((tx) =>
    markSharePaid(tx, TEST_SHOP, olivia.id, {
      shopifyOrderId: paid.order.id,
      paidCents: olivia.guestCents,
      at: new Date(),
    }),
  );
  return { order, hostToken, flatWhite, croissant };
}

const shareOf = (guestName: string) =>
  prisma.guestShare.findFirstOrThrow({ where: { shop: TEST_SHOP, guest: { name: guestName } } });

const itemsOf = (groupOrderId: number) =>
  prisma.orderItem.findMany({ where: { shop: TEST_SHOP, groupOrderId }, orderBy: { id: 'asc' } });

const mails = () =>
  prisma.outboxMessage
    .findMany({ where: { shop: TEST_SHOP, kind: 'email' } })
    .then((rows) =>
      rows.map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string }),
    );

/** What Shopify holds for the group order: the paid share orders and the company's draft, in cents. */
function shopifyTotals(companyDraftId: string | null) {
  const paidOrders = orders().reduce((sum: number, o: Answer) => sum + o.total, 0);
  const company = companyDraftId ? drafts().find((d: Answer) => d.id === companyDraftId) : null;
  return { paidOrders, company: company ? draftTotals(company).total : 0, draft: company };
}

describe('unpaid shares at submit', () => {
  it('leave-out: the unpaid items leave the order, their draft is deleted, the owner is e-mailed, and Shopify reconciles', async () => {
    const { order, hostToken, flatWhite, croissant } = await twoGuests({
      unpaidPolicy: 'leave-out',
      deliveryFeeCents: 500,
      feeSplit: 'pro-rata',
    });
    const james = await shareOf('James');
    expect(james.shopifyDraftOrderId).toBeTruthy();

    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    await deliver();

    // Only Olivia's items are left to make.
    const items = await itemsOf(order.id);
    expect(items.map((i) => [i.menuItemName, i.guestName])).toEqual([['Flat White', 'Olivia']]);
    // James's share keeps what was left out; his draft is gone in Shopify.
    const after = await shareOf('James');
    expect(after).toMatchObject({ paymentStatus: 'left-out', shopifyDraftOrderId: null, companyCents: 0 });
    expect(JSON.parse(after.leftOutItems!)).toEqual([
      { text: '1x Almond Croissant', cents: croissant.priceCents },
    ]);
    expect(drafts().some((d: Answer) => d.id === james.shopifyDraftOrderId)).toBe(false);
    // James is told; he gets no "your order was submitted".
    const toJames = (await mails()).filter((m) => m.to === 'james@example.com');
    expect(toJames.map((m) => m.subject).sort()).toEqual([
      'Pay your share of Friday coffee',
      'Your items were left out of Friday coffee',
    ]);
    expect(toJames.some((m) => m.text.includes('1x Almond Croissant'))).toBe(true);
    // His "Pay my share" link now says why there is nothing to pay.
    const [shareId, signature] = payPath(TEST_SHOP, james.id).split('/').slice(-2);
    expect(await openShareCheckout(TEST_SHOP, { shareId, signature })).toEqual({ refused: 'left-out' });

    // Reconciliation: Olivia's paid order + the company's draft (James's fee share, which the company
    // keeps paying) = what is still in the order + the whole delivery fee.
    const fresh = await prisma.groupOrder.findFirstOrThrow({ where: { id: order.id } });
    const totals = shopifyTotals(fresh.shopifyDraftOrderId);
    expect(totals.draft.lineItems.map((l: Answer) => [l.title, l.unitPrice])).toEqual([
      ['Delivery fee and tip: James (left out)', after.feesCents + after.tipCents],
    ]);
    expect(totals.paidOrders + totals.company).toBe(2 * flatWhite.priceCents + 500);
  });

  it('host-covers: the unpaid items go on the company draft and the share becomes company part', async () => {
    const { order, hostToken, flatWhite, croissant } = await twoGuests({ unpaidPolicy: 'host-covers' });
    const james = await shareOf('James');
    await prisma.guest.updateMany({ where: { id: james.guestId }, data: { language: 'de' } });

    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    await deliver();

    expect((await itemsOf(order.id)).map((i) => i.guestName)).toEqual(['Olivia', 'James']);
    const after = await shareOf('James');
    expect(after).toMatchObject({
      paymentStatus: 'covered',
      guestCents: 0,
      companyCents: croissant.priceCents,
      shopifyDraftOrderId: null,
    });
    expect(drafts().some((d: Answer) => d.id === james.shopifyDraftOrderId)).toBe(false);
    const fresh = await prisma.groupOrder.findFirstOrThrow({ where: { id: order.id } });
    const totals = shopifyTotals(fresh.shopifyDraftOrderId);
    expect(totals.draft.lineItems.map((l: Answer) => l.title)).toEqual(['Almond Croissant']);
    expect(totals.paidOrders + totals.company).toBe(2 * flatWhite.priceCents + croissant.priceCents);
    expect((await mails()).some((m) => /left out/i.test(m.subject))).toBe(false);
    // James is told once, in his language, that the host covers his share and he pays nothing (money-gaps).
    const covered = (await mails()).filter(
      (m) => m.to === 'james@example.com' && m.subject.startsWith('Der Gastgeber'),
    );
    expect(covered).toHaveLength(1);
    expect(covered[0].subject).toBe('Der Gastgeber übernimmt Ihren Anteil an Friday coffee');
    expect(covered[0].text).toContain('Der Gastgeber übernimmt ihn daher (');
    expect(covered[0].text).toContain('Sie zahlen nichts');
    // Reopened and submitted again: the covered share is settled, nobody is told twice.
    await setGroupOrderStatus(TEST_SHOP, order.id, 'active', { hostToken });
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    expect(
      (await mails()).filter((m) => m.to === 'james@example.com' && /Gastgeber/.test(m.subject)),
    ).toHaveLength(1);
  });

  it('auto-submit at the deadline follows the same rule', async () => {
    const { order } = await twoGuests({ unpaidPolicy: 'leave-out', autoSubmit: true });
    const outcome = await runDeadlineJob(
      TEST_SHOP,
      { groupOrderId: order.id, deadlineAt: order.deadlineAt.toISOString() },
      new Date(order.deadlineAt.getTime() + 1000),
    );
    expect(outcome).toBe('submitted');
    await deliver();
    expect((await itemsOf(order.id)).map((i) => i.guestName)).toEqual(['Olivia']);
    expect((await shareOf('James')).paymentStatus).toBe('left-out');
    // Running the job again changes nothing (claimed for this deadline).
    const again = await runDeadlineJob(
      TEST_SHOP,
      { groupOrderId: order.id, deadlineAt: order.deadlineAt.toISOString() },
      new Date(order.deadlineAt.getTime() + 2000),
    );
    expect(again).toBe('nothing');
    expect((await mails()).filter((m) => /left out/i.test(m.subject))).toHaveLength(1);
  });

  it('the draft deletion is idempotent: run again, or after a crash that kept the id, it deletes nothing twice', async () => {
    const { order, hostToken } = await twoGuests({ unpaidPolicy: 'leave-out' });
    const james = await shareOf('James');
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    await deliver();
    const deletes = () =>
      sim.state.calls.filter((c: Answer) => c.rootFields.includes('draftOrderDelete')).length;
    expect(deletes()).toBe(1);
    // The stored id cleared: a second run finds no draft by tag and does nothing.
    await syncShareDraft(TEST_SHOP, james.id);
    expect(deletes()).toBe(1);
    // A crash after Shopify deleted it but before the id was cleared: "does not exist" is done, not an error.
    await prisma.guestShare.update({
      where: { id: james.id },
      data: { shopifyDraftOrderId: james.shopifyDraftOrderId },
    });
    await expect(syncShareDraft(TEST_SHOP, james.id)).resolves.toEqual({ status: 'sent' });
    expect((await shareOf('James')).shopifyDraftOrderId).toBeNull();
    expect(drafts()).toHaveLength(1); // Olivia's, completed; every item left is hers: no company draft
  });

  it('a payment that arrives after the share was left out is kept as money to give back, never as paid', async () => {
    const { order, hostToken } = await twoGuests({ unpaidPolicy: 'leave-out' });
    const james = await shareOf('James');
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    const attrs = [{ name: 'group_order_share_id', value: String(james.id) }];
    const late = {
      orderId: 'gid://shopify/Order/999',
      totalCents: james.guestCents,
      subtotalCents: james.guestCents,
      tags: [`group-order-${order.code}`],
      attributes: attrs,
      at: new Date(),
    };
    expect(await prisma.$transaction((tx) => recordSharePaid(tx, TEST_SHOP, late))).toBe(
      'paid-after-left-out',
    );
    // A replay changes nothing more.
    expect(await prisma.$transaction((tx) => recordSharePaid(tx, TEST_SHOP, late))).toBe('already-paid');
    expect(await shareOf('James')).toMatchObject({
      paymentStatus: 'left-out-paid',
      paidCents: james.guestCents,
      shopifyOrderId: 'gid://shopify/Order/999',
    });
    // Its items stay out of the order.
    expect((await itemsOf(order.id)).map((i) => i.guestName)).toEqual(['Olivia']);
  });

  it('a company-paid order and a share the company covers whole are not touched', async () => {
    const menu = await seedMenu();
    const { order, hostToken } = await createTestGroupOrder({
      paymentMode: 'budget',
      budgetCents: 5000,
      overagePolicy: 'guest-pays',
    });
    await confirmAs(order.id, 'Ava', menu[0].id);
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    expect((await shareOf('Ava')).paymentStatus).toBe('none');
    expect(await itemsOf(order.id)).toHaveLength(1);
  });
});
