import prisma from '../../db.server';
import { rememberShopLocale } from '../../lib/language.server';
import { getShopSettings } from './settings.server';

type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

// Needs the read_locales scope.
const SHOP_LOCALES = `#graphql
  query ShopLocales { shopLocales { locale primary } }`;

/** A BCP 47 tag as Shopify writes a shop's locale ('fr', 'pt-BR'), canonical, or null. */
function cleanLocale(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) return null;
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The locale a shop keeps when Shopify says its primary language is `primary`: the stored one while it
 * is the same language (an English shop keeps en-AU, the spec's formats, rather than Shopify's plain
 * 'en'), else Shopify's.
 */
export function keptLocale(stored: string, primary: string): string {
  const same = stored.split('-')[0].toLowerCase() === primary.split('-')[0].toLowerCase();
  return same ? stored : primary;
}

/**
 * Reads the shop's primary language (`shopLocales`) from the Admin API and keeps it in
 * ShopSettings.locale: the storefront's language when a guest's browser names none the app speaks, and
 * the admin's when Shopify's `locale` is missing. Called when the merchant's session is made and when
 * the settings load, never while a storefront page is answered. A failure keeps what is stored.
 */
export async function refreshShopLocale(shop: string, graphql: AdminGraphql): Promise<string | null> {
  try {
    const response = await graphql(SHOP_LOCALES);
    const body = (await response.json()) as {
      data?: { shopLocales?: { locale?: unknown; primary?: unknown }[] };
    };
    const primary = cleanLocale(body.data?.shopLocales?.find((l) => l.primary === true)?.locale);
    if (!primary) return null;
    const settings = await getShopSettings(shop);
    const locale = keptLocale(settings.locale, primary);
    if (locale !== settings.locale) {
      await prisma.shopSettings.update({ where: { shop }, data: { locale } });
      rememberShopLocale(shop, locale);
    }
    return locale;
  } catch (error) {
    console.warn(
      `Could not read the languages of ${shop}: ${error instanceof Error ? error.message : error}`,
    );
    return null;
  }
}
