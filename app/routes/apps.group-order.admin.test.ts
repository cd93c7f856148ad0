import { describe, expect, it } from 'vitest';
import { args, call, proxyRequest } from '../../test/support/requests';
import { loader as adminPage } from './apps.group-order.admin';
import { loader as adminOrders } from './apps.group-order.api.admin.orders';

describe('storefront /admin paths', () => {
  it('sends /admin to the store admin without showing data', async () => {
    const result = await call(async () => adminPage(args(await proxyRequest('/apps/group-order/admin'))));
    expect(result.status).toBe(302);
    expect(result.response?.headers.get('location')).toBe('/admin');
  });

  it('answers the admin order list with 401 on the storefront', async () => {
    const result = await call(async () =>
      adminOrders(args(await proxyRequest('/apps/group-order/api/admin/orders'))),
    );
    expect(result.status).toBe(401);
    expect(result.body.error).toMatch(/Shopify admin/);
  });
});
