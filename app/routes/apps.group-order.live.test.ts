import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { loader as statusLoader } from './apps.group-order.api.group-orders.$id.status';
import { confirmCart } from '~/models/groupOrder/orderItems.server';
import { joinAsGuest, type JoinInput } from '~/models/groupOrder/joining.server';
import { removeItem } from '~/models/groupOrder/guestChanges.server';
import { getOwnGuest } from '~/models/groupOrder/ownGuest.server';
import { missingBoard } from '~/models/groupOrder/schedule.server';
import { declineInvitation, inviteToken, recordInvitees } from '~/models/groupOrder/invitees.server';
import { setGroupOrderStatus } from '~/models/groupOrder/submitOrder.server';

// Issue 27: what open pages poll (GET /status), who the host is told is still choosing before submitting,
// and a guest being told when the host removed their item.

let latteId: number;
beforeAll(async () => {
  const menu = await seedMenu();
  await seedMenu(OTHER_SHOP);
  latteId = menu.find((item) => item.name === 'Latte')!.id;
});

const status = async (id: number | string, shop = TEST_SHOP) =>
  call(async () =>
    statusLoader(
      args(await proxyRequest(`/apps/group-order/api/group-orders/${id}/status`, { shop }), {
        id: String(id),
      }),
    ),
  );

const order = (orderId: number, name: string, token: string, email: string | null = null) =>
  confirmCart(TEST_SHOP, {
    groupOrderId: orderId,
    confirmationKey: `live-${orderId}-${name}`,
    guestName: name,
    guestToken: token,
    guestInitials: null,
    guestEmail: email,
    specialInstructions: null,
    items: [{ menuItemId: latteId, quantity: 1, selectedModifiers: [] }],
  } as Parameters<typeof confirmCart>[1]);

const join = (orderId: number, guestName: string, email?: string, guestToken?: string) =>
  joinAsGuest(TEST_SHOP, orderId, { guestName, email, guestToken } as JoinInput);

describe('GET /api/group-orders/{id}/status', () => {
  it('says whether the order still takes items, and where it is after submit', async () => {
    const { order: open, hostToken } = await createTestGroupOrder();
    const before = await status(open.id);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      status: 'active',
      deadlineAt: open.deadlineAt.toISOString(),
      closedMessage: null,
      submitted: false,
      state: null,
    });
    expect(before.body).not.toHaveProperty('canUndo');

    await order(open.id, 'Olivia', 'o'.repeat(43));
    await setGroupOrderStatus(TEST_SHOP, open.id, 'submitted', { hostToken });
    const after = await status(open.id);
    expect(after.body).toMatchObject({ status: 'submitted', submitted: true, state: 'submitted' });
    expect(after.body.closedMessage).toMatch(/already been submitted/);
    expect(after.body.changedAt).not.toBe(before.body.changedAt);
  });

  it("answers 404 for another shop's order and for an id that is not one", async () => {
    const { order: theirs } = await createTestGroupOrder({ shop: OTHER_SHOP });
    expect((await status(theirs.id)).status).toBe(404);
    expect((await status('not-a-number')).status).toBe(404);
    expect((await status(theirs.id, OTHER_SHOP)).status).toBe(200);
  });
});

describe('who is still choosing (the submit dialog)', () => {
  it('lists guests who joined but confirmed nothing, without those who ordered or said they are not ordering', async () => {
    const { order: lunch, hostToken } = await createTestGroupOrder();
    await join(lunch.id, 'Ana', 'ana@example.com');
    await join(lunch.id, 'Bob K.');
    await join(lunch.id, 'Cleo', undefined, 'c'.repeat(43));
    await order(lunch.id, 'Cleo', 'c'.repeat(43));
    // Dan was invited, joined, then said "not ordering this time".
    const invitees = await prisma.$transaction((tx) =>
      recordInvitees(tx, TEST_SHOP, lunch.id, ['dan@example.com']),
    );
    await join(lunch.id, 'Dan', 'dan@example.com');
    await declineInvitation(TEST_SHOP, inviteToken(invitees.get('dan@example.com')!));

    const board = await missingBoard(TEST_SHOP, lunch.id, { hostToken });
    expect(board.choosing).toEqual(['Ana', 'Bob K.']);
    await expect(missingBoard(TEST_SHOP, lunch.id, { hostToken: 'x'.repeat(43) })).rejects.toThrow();
  });
});

describe('the host removes a guest item', () => {
  it("notes it on the guest's own order and e-mails them", async () => {
    const { order: lunch, hostToken } = await createTestGroupOrder();
    const token = 'g'.repeat(43);
    await order(lunch.id, 'Gina', token, 'gina@example.com');
    const [item] = await prisma.orderItem.findMany({ where: { groupOrderId: lunch.id } });
    const since = (await prisma.outboxMessage.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0;

    await removeItem(TEST_SHOP, item.id, { host: { hostToken } });

    const own = await getOwnGuest(TEST_SHOP, lunch.id, 'Gina', token);
    if (!own.mine) throw new Error('expected her own order');
    expect(own.items).toEqual([]);
    expect(own.removedByHost.map((r) => r.text)).toEqual([expect.stringMatching(/^1x Latte/)]);
    const mails = await prisma.outboxMessage.findMany({ where: { kind: 'email', id: { gt: since } } });
    expect(mails.map((m) => JSON.parse(m.payload))).toEqual([
      expect.objectContaining({
        to: 'gina@example.com',
        subject: expect.stringMatching(/^Hannah Host removed 1x Latte.* from your order$/),
        text: expect.stringContaining('You have no items left in this group order'),
      }),
    ]);
  });
});
