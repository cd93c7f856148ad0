import type { ShopSettings } from '@prisma/client';
import type { AppLoadContext } from '@remix-run/node';
import { optionalText, requiredText } from '../../lib/text';
import { z } from 'zod';
import { isValidEmail } from '../../lib/schemas/email';
import prisma from '../../db.server';
import { db } from '../../db/query.server';
import { isValidTimeZone } from '../../lib/time';
import { readShopLocalesWith, rememberShopLocale } from '../../lib/language.server';

import { PAYMENT_METHODS, type PaymentMethod } from '../../lib/payment';
import { typeError } from '../../lib/schemas/typeError';
import { decimalToCents } from '../../lib/money';

/** The most a shop's delivery fee can be (cents): the host's tip and budget stop at the same $500.00. */
const DELIVERY_FEE_MAX_CENTS = 50_000;
const DELIVERY_FEE_MESSAGE = 'The delivery fee must be an amount from $0.00 to $500.00, such as 5.00.';

/** The delivery fee as the form types it ("5.00", blank for none), as whole cents; anything else refused. */
const deliveryFee = z.preprocess(
  (value) => {
    if (value === '' || value === undefined || value === null) return 0;
    if (typeof value !== 'string' && typeof value !== 'number') return Number.NaN;
    return decimalToCents(value) ?? Number.NaN;
  },
  z
    .number({ message: DELIVERY_FEE_MESSAGE })
    .int(DELIVERY_FEE_MESSAGE)
    .min(0, DELIVERY_FEE_MESSAGE)
    .max(DELIVERY_FEE_MAX_CENTS, DELIVERY_FEE_MESSAGE),
);

/** Settings for a shop, created with the defaults the first time the shop is seen. */
export async function getShopSettings(shop: string): Promise<ShopSettings> {
  // Read on the query layer: every storefront page reads the settings (the layout's shop name).
  const existing = await db
    .selectFrom('ShopSettings')
    .selectAll()
    .where('shop', '=', shop)
    .executeTakeFirst();
  const settings =
    existing ?? (await prisma.shopSettings.upsert({ where: { shop }, create: { shop }, update: {} }));
  // The API's refusals fall back to the shop's language (lib/language.server.ts): kept from this read.
  rememberShopLocale(shop, settings.locale);
  return settings;
}

/**
 * The shop's settings for one request: a document's loaders (the storefront layout's and the page's) run
 * side by side and share one read, kept in the request's load context (server/app.mjs gives each request
 * a fresh one). Without that context (a test calling a loader) every call reads.
 */
export function requestShopSettings(context: AppLoadContext | undefined, shop: string) {
  const reads = context?.shopSettings;
  if (!reads) return getShopSettings(shop);
  let read = reads.get(shop);
  if (!read) {
    read = getShopSettings(shop);
    reads.set(shop, read);
  }
  return read;
}

/** The shop's stored language, or null when the shop has no settings (read only: nothing is created). */
export async function storedShopLocale(shop: string): Promise<string | null> {
  const row = await db
    .selectFrom('ShopSettings')
    .select('locale')
    .where('shop', '=', shop)
    .executeTakeFirst();
  return row?.locale ?? null;
}

// A refusal whose shop this process has not read yet reads only the stored locale (lib/language.server.ts).
readShopLocalesWith(storedShopLocale);

export function enabledPaymentMethods(settings: Pick<ShopSettings, 'paymentMethods'>): PaymentMethod[] {
  const enabled = settings.paymentMethods.split(',').map((m) => m.trim());
  const methods = PAYMENT_METHODS.filter((m) => enabled.includes(m));
  return methods.length ? methods : ['pay-in-store'];
}

export const SettingsSchema = z.object({
  shopName: optionalText({ label: 'Shop name', max: 120 }).transform((v) => v ?? ''),
  kitchenName: requiredText({
    label: 'Pickup location',
    max: 120,
    missing: 'Enter the name of the pickup location.',
  }),
  timeZone: z.string().refine(isValidTimeZone, 'Choose a valid time zone, such as Australia/Sydney.'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as AUD.'),
  pickupNoticeMinutes: z.coerce
    .number(typeError(undefined, 'Pickup notice must be a number of minutes.'))
    .int('Pickup notice must be a whole number of minutes.')
    .min(0, 'Pickup notice cannot be negative.')
    .max(24 * 60, 'Pickup notice can be at most 24 hours.'),
  defaultPickupOffsetMinutes: z.coerce
    .number(typeError(undefined, 'Default pickup offset must be a number of minutes.'))
    .int()
    .min(0)
    .max(7 * 24 * 60),
  defaultDeadlineOffsetMinutes: z.coerce
    .number(typeError(undefined, 'Default deadline offset must be a number of minutes.'))
    .int()
    .min(0)
    .max(7 * 24 * 60),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)).min(1, 'Offer at least one payment method.'),
  emailSenderName: requiredText({
    label: 'Sender name',
    max: 80,
    missing: 'Enter the name invitations are sent from.',
  }),
  // Optional: where the merchant is e-mailed when a group order is submitted.
  merchantEmail: z
    .string()
    .trim()
    .max(254, 'The notification address can be at most 254 characters.')
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isValidEmail(v), {
      message: 'Enter an e-mail address such as kitchen@example.com, or leave it empty.',
    }),
  // What a delivery group order adds for delivery, taken when the order is created (hosting.server.ts).
  // Left out of a request: the stored fee stays.
  deliveryFee: deliveryFee.optional(),
});

export type SettingsInput = z.infer<typeof SettingsSchema>;

export async function updateShopSettings(shop: string, input: SettingsInput) {
  const { deliveryFee: deliveryFeeCents, ...rest } = input;
  const data = {
    ...rest,
    paymentMethods: input.paymentMethods.join(','),
    ...(deliveryFeeCents === undefined ? {} : { deliveryFeeCents }),
  };
  return prisma.shopSettings.upsert({ where: { shop }, create: { shop, ...data }, update: data });
}
