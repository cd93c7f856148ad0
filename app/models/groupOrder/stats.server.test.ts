import { describe, expect, it } from 'vitest';
import { createTestGroupOrder } from '../../../test/support/factories';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { getOrderStats } from './stats.server';

// Issue 27: the dashboard showed "Revenue $67.50" with 0 orders submitted. Money is counted from
// submitted orders only; open carts and orders the kitchen cancelled are not revenue.

describe('dashboard figures', () => {
  it('count every order, but revenue and the average from submitted, uncancelled orders only', async () => {
    await createTestGroupOrder({ totalCents: 6750 });
    await createTestGroupOrder({ status: 'submitted', submittedAt: new Date(), totalCents: 2000 });
    await createTestGroupOrder({
      status: 'submitted',
      submittedAt: new Date(),
      totalCents: 1000,
      kitchenState: 'ready',
    });
    await createTestGroupOrder({
      status: 'submitted',
      submittedAt: new Date(),
      totalCents: 9900,
      kitchenState: 'cancelled',
    });
    await createTestGroupOrder({ shop: OTHER_SHOP, status: 'submitted', totalCents: 5000 });

    expect(await getOrderStats(TEST_SHOP, 'Australia/Sydney')).toEqual({
      total: 4,
      active: 1,
      submitted: 3,
      revenueCents: 3000,
      today: 4,
      averageCents: 1500,
    });
  });

  it('shows no revenue while every order is still open', async () => {
    await createTestGroupOrder({ shop: 'open-only.myshopify.com', totalCents: 6750 });
    const stats = await getOrderStats('open-only.myshopify.com', 'Australia/Sydney');
    expect(stats).toMatchObject({ total: 1, active: 1, submitted: 0, revenueCents: 0, averageCents: 0 });
  });
});
