import prisma from '../../db.server';
import { isValidTimeZone } from '../../lib/time';
import { getShopSettings } from './settings.server';
import { cleanOrigin, refreshPrimaryDomain } from './shopDomain.server';

type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

const SHOP_DEFAULTS = `#graphql
  query ShopDefaults { shop { name currencyCode ianaTimezone primaryDomain { url } } }`;

/**
 * Settings for the admin pages. The first time the merchant opens the app (settings never saved and no
 * shop name yet), time zone, currency and name are taken from the shop through the Admin API, so a shop in
 * Auckland does not start on Sydney time. If Shopify cannot be reached the defaults stay and the page loads.
 */
export async function getAdminSettings(shop: string, graphql: AdminGraphql) {
  const settings = await getShopSettings(shop);
  const untouched = !settings.shopName && settings.updatedAt.getTime() - settings.createdAt.getTime() < 1000;
  if (!untouched) {
    // The shop's own domain for links in e-mails and share links (never taken from a request header).
    if (!settings.primaryDomainUrl && (await refreshPrimaryDomain(shop, graphql)))
      return getShopSettings(shop);
    return settings;
  }
  try {
    const response = await graphql(SHOP_DEFAULTS);
    const { data } = (await response.json()) as {
      data: {
        shop: { name: string; currencyCode: string; ianaTimezone: string; primaryDomain?: { url?: string } };
      };
    };
    return await prisma.shopSettings.update({
      where: { shop },
      data: {
        shopName: data.shop.name.slice(0, 120),
        ...(/^[A-Z]{3}$/.test(data.shop.currencyCode) ? { currency: data.shop.currencyCode } : {}),
        ...(isValidTimeZone(data.shop.ianaTimezone) ? { timeZone: data.shop.ianaTimezone } : {}),
        primaryDomainUrl: cleanOrigin(data.shop.primaryDomain?.url),
      },
    });
  } catch (error) {
    console.warn(
      `Could not read shop defaults for ${shop}: ${error instanceof Error ? error.message : error}`,
    );
    return settings;
  }
}
