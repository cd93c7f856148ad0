import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../../test/support/requests';

// A payment that comes when the share can no longer be paid (issue 25; 2026-11-27-app-refunds.md, "Late
// payments"): the share's items were left out at submit, or the kitchen cancelled the order, and the guest
// still finished the checkout. The orders/paid webhook (signed as Shopify signs it) queues a full refund of
// that order at once; the outbox makes it in the simulated Admin API; a replayed webhook refunds nothing
// twice. Runs on SQLite and, through scripts/db/test-postgres.mjs, PostgreSQL.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('../../db.server');
const { confirmAs, guestTokenOf } = await import('../../../test/support/guestConfirms');
const { removeItem, setOwnItemQuantity } = await import('./guestChanges.server');
const { setGroupOrderStatus } = await import('./submitOrder.server');
const { shareForGuest } = await import('./sharePayment.server');
const { hostDashboardPage } = await import('./hostDashboard.server');
const { moveKitchenState, undoKitchenState } = await import('../kitchen/kitchen.server');
const { outboxDelivery, oliviaAndJames, startEmpty, webhookForwarder } =
  await import('../../../test/support/moneySimulator');
await import('../outbox/outbox-handlers.server');

afterAll(() => api.close());

const sim = api.sim;
const deliver = outboxDelivery(['shopify.shareDraft', 'shopify.shareRefund']);
const forward = webhookForwarder(sim);

beforeEach(() => startEmpty(sim));

const shareOf = (guestName: string) =>
  prisma.guestShare.findFirstOrThrow({ where: { shop: TEST_SHOP, guest: { name: guestName } } });
const refundsOn = (id: string) => sim.state.orders.find((o: Answer) => o.id === id).refunds as Answer[];
const refundedOn = (id: string) =>
  refundsOn(id)
    .flatMap((r) => r.transactions)
    .reduce((sum: number, t: Answer) => sum + t.amount, 0);
const mails = (to: string) =>
  prisma.outboxMessage
    .findMany({ where: { kind: 'email', payload: { contains: to } }, orderBy: { id: 'asc' } })
    .then((rows) => rows.map((row) => JSON.parse(row.payload) as { subject: string; text: string }));

/** Olivia (two Flat Whites) and James (a croissant, French) confirm; their share drafts are made. */
async function twoGuests(rules: Record<string, unknown>) {
  const { order, hostToken } = await oliviaAndJames(rules);
  await prisma.guest.updateMany({ where: { name: 'James' }, data: { language: 'fr' } });
  await deliver(['shopify.shareDraft']);
  return { order, hostToken };
}

/** The guest finishes the checkout they had open (their draft's invoice), and Shopify says so. */
async function pays(guestName: string) {
  const share = await shareOf(guestName);
  const token = share.shopifyInvoiceUrl!.split('/').pop()!;
  const email = `${guestName.toLowerCase()}@example.com`;
  expect(sim.payInvoice(token, { gateway: 'shopify_payments', test: true, email })).toBeTruthy();
  const body = await forward('orders/paid', `paid-${guestName}`);
  return { share, orderId: body.admin_graphql_api_id as string };
}

describe('a payment that comes after the share could no longer be paid', () => {
  it('after a leave-out: refunded whole at once, the payer told in French, the share ends refunded, replays refund nothing more', async () => {
    const { order, hostToken } = await twoGuests({ unpaidPolicy: 'leave-out' });
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    // James had the checkout open as the host submitted, and pays before the draft's deletion runs.
    const { share, orderId } = await pays('James');
    expect(await shareOf('James')).toMatchObject({
      paymentStatus: 'left-out-paid',
      paidCents: share.guestCents,
    });
    const row = await prisma.shareRefund.findFirstOrThrow({ where: { shareId: share.id } });
    expect(row).toMatchObject({ kind: 'left-out', key: `late:${orderId}`, amountCents: share.guestCents });

    // The same delivery again, and the same order under a new delivery id: nothing more is decided.
    await forward('orders/paid', 'paid-James');
    await forward('orders/paid');
    expect(await prisma.shareRefund.count()).toBe(1);

    await deliver();
    await deliver();
    expect(refundsOn(orderId)).toHaveLength(1);
    expect(refundedOn(orderId)).toBe(share.guestCents);
    expect(refundsOn(orderId)[0].refundLineItems.length).toBeGreaterThan(0);
    const after = await shareOf('James');
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedCents: share.guestCents });
    // refunds/create for the app's own refund, twice: counted once.
    await forward('refunds/create');
    await forward('refunds/create');
    expect(await shareOf('James')).toEqual(after);
    expect(await prisma.shareRefund.count()).toBe(1);

    const sent = (await mails('james@example.com')).filter((m) => m.subject.startsWith('Remboursement'));
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Vos articles ont été retirés de');
    // The guest's page and the host's dashboard still say the items were left out, and that it went back.
    expect(await shareForGuest(TEST_SHOP, share.guestId)).toMatchObject({ status: 'left-out-refunded' });
    const words = { t: (key: string) => key, intlLocale: 'en' } as never;
    const settings = { shopName: 'Test shop', pickupNoticeMinutes: 15 };
    const page = await hostDashboardPage(TEST_SHOP, order.id, null, words, settings);
    // (Olivia had not paid either: both were left out.)
    expect(page?.unpaid?.leftOut.find((share) => share.name === 'James')).toMatchObject({
      refundDue: false,
      refunded: true,
    });
  });

  it('after the kitchen cancelled: refunded whole at once, the payer told, and the cancel stays', async () => {
    const { order } = await twoGuests({});
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    await moveKitchenState(TEST_SHOP, order.id, { to: 'cancelled', actor: 'Kim', reason: 'Oven broke' });
    // Nobody had paid, so the cancel refunded nothing; then Olivia finishes a checkout left open.
    expect(await prisma.shareRefund.count()).toBe(0);
    const { share, orderId } = await pays('Olivia');
    const row = await prisma.shareRefund.findFirstOrThrow({ where: { shareId: share.id } });
    expect(row).toMatchObject({ kind: 'late-cancel', amountCents: share.guestCents });
    await forward('orders/paid', 'paid-Olivia');
    await deliver();
    await deliver();
    expect(refundsOn(orderId)).toHaveLength(1);
    expect(refundedOn(orderId)).toBe(share.guestCents);
    await forward('refunds/create');
    expect(await shareOf('Olivia')).toMatchObject({
      paymentStatus: 'refunded',
      refundedCents: share.guestCents,
    });
    const sent = (await mails('olivia@example.com')).filter((m) => m.subject.startsWith('Refund of'));
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('which arrived after the cancel, was refunded in full');
    // The money went back, so the cancel cannot be undone any more.
    await expect(undoKitchenState(TEST_SHOP, order.id, 'Kim')).rejects.toThrow('cannot be undone');
  });
});

describe('a paid guest lowers a quantity (money-gaps)', () => {
  it('refunds that many units of the line, once, and still refuses raising it', async () => {
    await twoGuests({ deliveryFeeCents: 300 });
    const { share, orderId } = await pays('Olivia');
    const item = await prisma.orderItem.findFirstOrThrow({ where: { guestId: share.guestId } });
    expect(item.quantity).toBe(2);
    const who = { guestName: 'Olivia', token: guestTokenOf('Olivia') };
    await setOwnItemQuantity(TEST_SHOP, item.id, { ...who, quantity: 1 });
    // The same set again (a double tap) is no change and decides nothing more.
    await setOwnItemQuantity(TEST_SHOP, item.id, { ...who, quantity: 1 });
    await expect(setOwnItemQuantity(TEST_SHOP, item.id, { ...who, quantity: 2 })).rejects.toThrow(
      'already paid',
    );
    const rows = await prisma.shareRefund.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'removal', key: `lower:${item.id}:2:1`, what: '1x Flat White' });
    await deliver();
    await deliver();
    const refunds = refundsOn(orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].refundLineItems).toEqual([
      expect.objectContaining({ quantity: 1, restockType: 'CANCEL' }),
    ]);
    const after = await shareOf('Olivia');
    expect(after).toMatchObject({ paymentStatus: 'partially-refunded', refundedCents: rows[0].amountCents });
    expect(rows[0].amountCents).toBeGreaterThan(0);
    expect(refundedOn(orderId)).toBe(rows[0].amountCents);
    // What stays paid is the share's new amount, to the cent.
    expect(after.paidCents - after.refundedCents).toBe(after.guestCents);
    const sent = (await mails('olivia@example.com')).filter((m) => m.subject.startsWith('Refund of'));
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('You removed 1x Flat White from');
  });
});

describe('a checkout paid at an amount the share no longer has (a draft not updated yet)', () => {
  const feeTotal = async () => {
    const shares = await prisma.guestShare.findMany({ where: { shop: TEST_SHOP } });
    return shares.reduce((sum, s) => sum + s.feesCents, 0);
  };
  async function avaConfirms(orderId: number) {
    const menu = await prisma.menuItem.findMany({ where: { shop: TEST_SHOP } });
    await confirmAs(orderId, 'Ava', menu.find((m) => m.name === 'Long Black')!.id);
  }

  it('paid more (Ava joined and the fee is shared by three): the part over goes back at once, once', async () => {
    const { order } = await twoGuests({ deliveryFeeCents: 400, feeSplit: 'even' });
    const before = await shareOf('Olivia');
    expect(before.feesCents).toBe(200);
    await avaConfirms(order.id);
    // Olivia's checkout still asks for the fee split by two: she pays it before her draft is updated.
    const { orderId } = await pays('Olivia');
    const after = await shareOf('Olivia');
    const over = before.guestCents - after.guestCents;
    expect(over).toBeGreaterThan(60);
    expect(after).toMatchObject({ paymentStatus: 'paid', paidCents: before.guestCents });
    const row = await prisma.shareRefund.findFirstOrThrow({ where: { shareId: after.id } });
    expect(row).toMatchObject({ kind: 'overpaid', key: `over:${orderId}`, amountCents: over });
    await forward('orders/paid', 'paid-Olivia');
    await deliver(['shopify.shareRefund']);
    await deliver(['shopify.shareRefund']);
    expect(refundsOn(orderId)).toHaveLength(1);
    expect(refundedOn(orderId)).toBe(over);
    // Only money: her items stay on her order.
    expect(refundsOn(orderId)[0].refundLineItems).toHaveLength(0);
    await forward('refunds/create');
    const settled = await shareOf('Olivia');
    expect(settled.paidCents - settled.refundedCents).toBe(settled.guestCents);
    expect(await feeTotal()).toBe(400);
    const sent = (await mails('olivia@example.com')).filter((m) => m.subject.startsWith('Refund of'));
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('asked for more than your share now is');
  });

  it('paid less (Ava left and the fee is shared by two): the share becomes what she paid, James takes the rest', async () => {
    const { order } = await twoGuests({ deliveryFeeCents: 400, feeSplit: 'even' });
    await avaConfirms(order.id);
    await deliver(['shopify.shareDraft']);
    const stale = await shareOf('Olivia');
    const ava = await prisma.orderItem.findFirstOrThrow({ where: { shop: TEST_SHOP, guestName: 'Ava' } });
    await removeItem(TEST_SHOP, ava.id, { guestName: 'Ava', guestToken: guestTokenOf('Ava') });
    expect((await shareOf('Olivia')).feesCents).toBe(200);
    // Olivia pays the draft that still holds a third of the fee.
    await pays('Olivia');
    const olivia = await shareOf('Olivia');
    expect(olivia).toMatchObject({
      paymentStatus: 'paid',
      paidCents: stale.guestCents,
      guestCents: stale.guestCents,
      feesCents: stale.feesCents,
    });
    expect(await prisma.shareRefund.count()).toBe(0);
    // Every cent of the fee is someone's: James's share (not paid yet) takes what Olivia did not pay.
    expect((await shareOf('James')).feesCents).toBe(400 - stale.feesCents);
    expect(await feeTotal()).toBe(400);
  });
});
