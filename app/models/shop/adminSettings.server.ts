import prisma from '../../db.server';
import { isValidTimeZone } from '../../lib/time';
import { getShopSettings } from './settings.server';
import { cleanOrigin, refreshPrimaryDomain } from './shopDomain.server';
import { refreshShopLocale } from './shopLocale.server';

type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

const SHOP_DEFAULTS = `#graphql
  query ShopDefaults { shop { name currencyCode ianaTimezone primaryDomain { url } } }`;

/**
 * Settings for the admin pages. The first time the merchant opens the app (settings never saved and no
 * shop name yet), time zone, currency and name are taken from the shop through the Admin API, so a shop in
 * Auckland does not start on Sydney time, and its primary language (shopLocale.server.ts). If Shopify cannot
 * be reached the defaults stay and the page loads. `freshLocale`: read the primary language again even
 * when the shop is known (the settings page).
 */
export async function getAdminSettings(
  shop: string,
  graphql: AdminGraphql,
  { freshLocale = false }: { freshLocale?: boolean } = {},
) {
  const settings = await getShopSettings(shop);
  const untouched = !settings.shopName && settings.updatedAt.getTime() - settings.createdAt.getTime() < 1000;
  if (!untouched) {
    const locale = freshLocale ? await refreshShopLocale(shop, graphql) : null;
    // The shop's own domain for links in e-mails and share links (never taken from a request header).
    if (!settings.primaryDomainUrl && (await refreshPrimaryDomain(shop, graphql)))
      return getShopSettings(shop);
    return locale && locale !== settings.locale ? { ...settings, locale } : settings;
  }
  try {
    const response = await graphql(SHOP_DEFAULTS);
    const { data } = (await response.json()) as {
      data: {
        shop: { name: string; currencyCode: string; ianaTimezone: string; primaryDomain?: { url?: string } };
      };
    };
    const updated = await prisma.shopSettings.update({
      where: { shop },
      data: {
        shopName: data.shop.name.slice(0, 120),
        ...(/^[A-Z]{3}$/.test(data.shop.currencyCode) ? { currency: data.shop.currencyCode } : {}),
        ...(isValidTimeZone(data.shop.ianaTimezone) ? { timeZone: data.shop.ianaTimezone } : {}),
        primaryDomainUrl: cleanOrigin(data.shop.primaryDomain?.url),
      },
    });
    // After the defaults (a failed language read must not mark the settings as touched before them).
    const locale = await refreshShopLocale(shop, graphql);
    return locale ? { ...updated, locale } : updated;
  } catch (error) {
    console.warn(
      `Could not read shop defaults for ${shop}: ${error instanceof Error ? error.message : error}`,
    );
    return settings;
  }
}
