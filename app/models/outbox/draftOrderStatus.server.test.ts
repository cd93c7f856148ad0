import { afterAll, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../../test/support/adminApi';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';

// Where Shopify reports that the group order's draft order was completed into an order, the admin shows
// it: read through the real Admin API client from the simulated Admin API (the only fake).
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('../../db.server');
const { unauthenticated } = await import('../../shopify.server');
const { createTestGroupOrder, seedMenu } = await import('../../../test/support/factories');
const { syncDraftOrder } = await import('./draftOrderSync.server');
const { readDraftCompletion } = await import('./draftOrderStatus.server');

afterAll(() => api.close());

describe('draft order completed in Shopify', () => {
  it('reads open, then completed with the order name; nothing for another shop or an unsent order', async () => {
    const menu = await seedMenu();
    const latte = menu.find((m) => m.name === 'Latte')!;
    const { order } = await createTestGroupOrder({ status: 'submitted', submittedAt: new Date() });
    await prisma.orderItem.create({
      data: {
        shop: TEST_SHOP,
        groupOrderId: order.id,
        guestName: 'Olivia',
        menuItemId: latte.id,
        menuItemName: 'Latte',
        quantity: 1,
        unitPriceCents: 500,
        totalCents: 500,
        confirmationKey: 'complete-1',
      },
    });
    const { admin } = await unauthenticated.admin(TEST_SHOP);
    const graphql = admin.graphql as unknown as Parameters<typeof readDraftCompletion>[2];
    expect(await readDraftCompletion(TEST_SHOP, order.id, graphql)).toBeNull(); // not in Shopify yet
    expect(await syncDraftOrder(TEST_SHOP, order.id)).toEqual({ status: 'sent' });
    expect(await readDraftCompletion(TEST_SHOP, order.id, graphql)).toMatchObject({
      status: 'OPEN',
      orderName: null,
    });

    const { shopifyDraftOrderId } = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    const response = await graphql(
      `
        #graphql
        mutation Complete($id: ID!) {
          draftOrderComplete(id: $id) {
            draftOrder {
              status
            }
            userErrors {
              message
            }
          }
        }
      `,
      { variables: { id: shopifyDraftOrderId } },
    );
    expect(
      ((await response.json()) as { data: { draftOrderComplete: unknown } }).data.draftOrderComplete,
    ).toEqual({
      draftOrder: { status: 'COMPLETED' },
      userErrors: [],
    });
    const completed = await readDraftCompletion(TEST_SHOP, order.id, graphql);
    expect(completed).toMatchObject({ status: 'COMPLETED', orderName: expect.stringMatching(/^#\d+$/) });
    expect(completed!.completedText).toMatch(/\d{1,2}:\d{2}\s?[ap]m$/);
    expect(await readDraftCompletion(OTHER_SHOP, order.id, graphql)).toBeNull();
  });
});
