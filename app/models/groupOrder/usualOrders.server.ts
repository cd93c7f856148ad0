import { z } from 'zod';
import prisma from '../../db.server';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../lib/pricing';
import { isAllowedFor } from '../../lib/modifiers';
import { GuestNameSchema } from './orderItems.server';
import { optionalText, requiredText } from '../../lib/text';
import { listMenuItems, listMenuModifiers } from '../menu/menu.server';

// A guest's usual order, keyed by shop + e-mail (spec "Usual order").

export type UsualItem = { id: number; name: string; quantity: number; selectedModifiers: number[] };

const EMAIL_MISSING = 'Please enter your email address.';
const EmailRequired = requiredText({
  label: 'Your e-mail address',
  max: 254,
  missing: EMAIL_MISSING,
  tooLong: 'Enter a valid email address.',
}).pipe(z.string().toLowerCase().email('Enter a valid email address.'));

export const UsualOrderQuerySchema = z.object({ email: EmailRequired });

export const SaveUsualOrderSchema = z.object({
  email: EmailRequired,
  name: GuestNameSchema,
  orderItems: z
    .array(
      z.object({
        id: z
          .number({ invalid_type_error: 'Each item needs a menu item id.' })
          .int()
          .positive('Each item needs a menu item id.'),
        name: optionalText({ label: 'Item name', max: 200 }).transform((v) => v ?? ''),
        quantity: z
          .number({
            invalid_type_error: `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`,
          })
          .int()
          .min(MIN_QUANTITY, `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`)
          .max(MAX_QUANTITY, `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`),
        selectedModifiers: z
          .array(
            z.union([
              z.number().int().positive(),
              z.object({ id: z.number().int().positive() }).transform((m) => m.id),
            ]),
          )
          .max(30)
          .default([]),
      }),
      { invalid_type_error: 'Add items to your order before saving it.' },
    )
    .min(1, 'Please add items to your order and ensure your email is provided.')
    .max(50, 'A usual order can have at most 50 lines.'),
});

export type SaveUsualOrderInput = z.infer<typeof SaveUsualOrderSchema>;

function parseItems(json: string): UsualItem[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/**
 * The saved items that can still be ordered: items still on the menu and active, and only modifiers that
 * still exist and still apply to the item.
 */
export async function getUsualOrder(shop: string, email: string): Promise<UsualItem[]> {
  const saved = await prisma.usualOrder.findUnique({ where: { shop_email: { shop, email } } });
  if (!saved) return [];
  const [items, modifiers] = await Promise.all([listMenuItems(shop), listMenuModifiers(shop)]);
  const menu = new Map(items.map((item) => [item.id, item]));
  const modifierById = new Map(modifiers.map((m) => [m.id, m]));
  return parseItems(saved.items).flatMap((item) => {
    const menuItem = menu.get(item.id);
    if (!menuItem) return [];
    const selectedModifiers = (item.selectedModifiers ?? []).filter((id) => {
      const modifier = modifierById.get(id);
      return modifier ? isAllowedFor(modifier, menuItem.category) : false;
    });
    return [{ id: item.id, name: menuItem.name, quantity: item.quantity, selectedModifiers }];
  });
}

export async function saveUsualOrder(shop: string, input: SaveUsualOrderInput) {
  const menuIds = new Set(
    (await prisma.menuItem.findMany({ where: { shop, active: true }, select: { id: true } })).map(
      (m) => m.id,
    ),
  );
  const items: UsualItem[] = input.orderItems
    .filter((item) => menuIds.has(item.id))
    .map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      selectedModifiers: item.selectedModifiers,
    }));
  const email = input.email;
  await prisma.usualOrder.upsert({
    where: { shop_email: { shop, email } },
    create: { shop, email, name: input.name, items: JSON.stringify(items) },
    update: { name: input.name, items: JSON.stringify(items) },
  });
  return items;
}
