import { describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { getShopSettings, requestShopSettings } from './settings.server';

// One read of the shop's settings per request: a storefront document runs the layout's loader and the
// page's side by side, and both take the settings from the request's load context (server/app.mjs).

describe('requestShopSettings', () => {
  it('reads once per request and shop, and the next request reads again', async () => {
    await getShopSettings(TEST_SHOP);
    const request = { shopSettings: new Map() };
    const [layout, page] = await Promise.all([
      requestShopSettings(request, TEST_SHOP),
      requestShopSettings(request, TEST_SHOP),
    ]);
    expect(page).toBe(layout);
    // Another shop in the same context is its own read.
    const other = await requestShopSettings(request, OTHER_SHOP);
    expect(other.shop).toBe(OTHER_SHOP);
    expect(layout.shop).toBe(TEST_SHOP);

    // The merchant renames the shop: the next request sees it.
    await prisma.shopSettings.update({ where: { shop: TEST_SHOP }, data: { shopName: 'Renamed café' } });
    const next = await requestShopSettings({ shopSettings: new Map() }, TEST_SHOP);
    expect(next).not.toBe(layout);
    expect(next.shopName).toBe('Renamed café');
  });

  it('reads every time where there is no request context (a loader called on its own)', async () => {
    const first = await requestShopSettings(undefined, TEST_SHOP);
    const second = await requestShopSettings({}, TEST_SHOP);
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });
});
