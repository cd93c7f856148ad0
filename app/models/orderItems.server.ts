import { createHash } from 'node:crypto';
import { Prisma, type OrderItem } from '@prisma/client';
import { z } from 'zod';
import prisma from '../db.server';
import { jsonError } from '../lib/http.server';
import { validateSelection } from '../lib/modifiers';
import { MAX_QUANTITY, MIN_QUANTITY, priceLine } from '../lib/pricing';
import { closedReason, closedText } from './groupOrder.server';
import { serializeModifier } from './menu.server';

// Guests' items: validated and priced on the server from the menu (any price a client sends is ignored),
// written atomically with the order's running totals, and idempotent per confirmation key.

const QUANTITY_MESSAGE = `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;
export const GUEST_NAME_MAX = 60;

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string({ invalid_type_error: message }).trim().max(max, message).nullish(),
  );

const positiveId = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z
      .number({ required_error: message, invalid_type_error: message })
      .int(message)
      .positive(message)
      .max(2_147_483_647, message),
  );

export const GuestNameSchema = z
  .string({ required_error: 'Please enter your name.', invalid_type_error: 'Please enter your name.' })
  .trim()
  .min(1, 'Please enter your name.')
  .max(GUEST_NAME_MAX, `Names can be at most ${GUEST_NAME_MAX} characters.`);

export const GuestInitialsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() || null : value),
  z
    .string({ invalid_type_error: 'Initials must be text.' })
    .max(3, 'Initials can be at most 3 characters.')
    .regex(/^[\p{L}\p{N}]*$/u, 'Initials can only contain letters and numbers.')
    .nullish(),
);

export const GuestEmailSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ invalid_type_error: 'Enter a valid email address.' })
    .trim()
    .toLowerCase()
    .max(254)
    .email('Enter a valid email address.')
    .nullish(),
);

/** A modifier arrives as its id, or as an object with an id (the menu-modifiers shape). */
const ModifierRefSchema = z.union(
  [z.number().int().positive(), z.object({ id: z.number().int().positive() }).transform((m) => m.id)],
  { errorMap: () => ({ message: 'Each selected modifier must be a modifier id from the menu.' }) },
);

const LineSchema = z.object({
  menuItemId: positiveId('Choose an item from the menu.'),
  quantity: z
    .number({ required_error: QUANTITY_MESSAGE, invalid_type_error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(MIN_QUANTITY, QUANTITY_MESSAGE)
    .max(MAX_QUANTITY, QUANTITY_MESSAGE),
  selectedModifiers: z.array(ModifierRefSchema).max(30, 'Too many modifiers were selected.').default([]),
  // Accepted for compatibility with the spec's client and ignored: the server prices every line itself.
  itemPrice: z.unknown().optional(),
  totalPrice: z.unknown().optional(),
});

const ConfirmationKeySchema = z
  .string({ invalid_type_error: 'The confirmation key must be text.' })
  .regex(
    /^[A-Za-z0-9_-]{8,100}$/,
    'The confirmation key must be 8-100 letters, digits, dashes or underscores.',
  );

const guestFields = {
  groupOrderId: positiveId('Group order not found'),
  guestName: GuestNameSchema,
  guestInitials: GuestInitialsSchema,
  guestEmail: GuestEmailSchema,
  specialInstructions: optionalText(500, 'Special instructions can be at most 500 characters.'),
};

/** POST /api/order-items as the spec's client sends it: one item per call. */
export const SingleOrderItemSchema = LineSchema.extend({
  ...guestFields,
  confirmationKey: ConfirmationKeySchema.optional(),
  line: z.number().int().min(0).max(99).optional(),
});

/** The Review page's confirm: the whole cart in one call, all or nothing. */
export const ConfirmCartSchema = z.object({
  ...guestFields,
  confirmationKey: ConfirmationKeySchema,
  items: z
    .array(LineSchema, { required_error: 'Add at least one item to your order.' })
    .min(1, 'Add at least one item to your order.')
    .max(50, 'An order can have at most 50 lines.'),
});

export type ConfirmCartInput = z.infer<typeof ConfirmCartSchema>;
export type SingleOrderItemInput = z.infer<typeof SingleOrderItemSchema>;

type ConfirmRequest = Omit<ConfirmCartInput, 'items'> & {
  /** cart: the key stands for the whole cart (Review page); line: one call per line (spec client). */
  scope: 'cart' | 'line';
  lines: { line: number; menuItemId: number; quantity: number; selectedModifiers: number[] }[];
};

export const KEY_REUSED_MESSAGE =
  'These items were already confirmed with different choices. Check the group order before confirming again.';

export type ConfirmResult = { items: OrderItem[]; replayed: boolean };

/** 409 with when and why it closed, which the Review page shows as it is. */
function closedError(
  order: Parameters<typeof closedText>[0],
  reason: Exclude<ReturnType<typeof closedReason>, null>,
) {
  return jsonError(409, closedText(order, reason), { reason });
}

/** Confirms a whole cart: every line or none, and the same confirmation key again writes nothing. */
export async function confirmCart(
  shop: string,
  input: ConfirmCartInput,
  now = new Date(),
): Promise<ConfirmResult> {
  return confirm(
    shop,
    { ...input, scope: 'cart', lines: input.items.map((item, line) => ({ ...item, line })) },
    now,
  );
}

/** One item per call (the spec's client). A key + line makes a retried call idempotent too. */
export async function addOrderItem(shop: string, input: SingleOrderItemInput, now = new Date()) {
  const { confirmationKey, line, menuItemId, quantity, selectedModifiers, ...guest } = input;
  const key = confirmationKey ?? `single-${crypto.randomUUID()}`;
  const result = await confirm(
    shop,
    {
      ...guest,
      confirmationKey: key,
      scope: 'line',
      lines: [{ line: line ?? 0, menuItemId, quantity, selectedModifiers }],
    },
    now,
  );
  return { item: result.items[0], replayed: result.replayed };
}

async function confirm(shop: string, request: ConfirmRequest, now: Date): Promise<ConfirmResult> {
  try {
    return await prisma.$transaction((tx) => writeLines(tx, shop, request, now));
  } catch (error) {
    // Two identical confirms raced: the loser hits the unique key and answers with the winner's items.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const items = await findByKey(prisma, shop, request);
      if (items.length) return replay(items, request);
    }
    throw error;
  }
}

/** Lines already written under this key: all of them for a cart, the named line for a single item. */
function findByKey(db: Prisma.TransactionClient, shop: string, request: ConfirmRequest) {
  return db.orderItem.findMany({
    where: {
      shop,
      groupOrderId: request.groupOrderId,
      confirmationKey: request.confirmationKey,
      ...(request.scope === 'line' ? { line: { in: request.lines.map((l) => l.line) } } : {}),
    },
    orderBy: { line: 'asc' },
  });
}

/** The same request, whatever the order of modifier ids: what a retry must repeat exactly. */
function requestHash(request: ConfirmRequest) {
  const canonical = {
    scope: request.scope,
    guestName: request.guestName,
    guestInitials: request.guestInitials ?? null,
    guestEmail: request.guestEmail ?? null,
    specialInstructions: request.specialInstructions ?? null,
    lines: request.lines.map((l) => [
      l.line,
      l.menuItemId,
      l.quantity,
      [...l.selectedModifiers].sort((a, b) => a - b),
    ]),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

/**
 * A retry answers with what the key already wrote, but only when it is the same request: a key reused for
 * a different cart is refused (409) rather than answered with the earlier items as if they were this cart.
 * Lines written before fingerprints existed (requestHash null) are trusted as before.
 */
function replay(items: OrderItem[], request: ConfirmRequest): ConfirmResult {
  const hash = requestHash(request);
  const sameLines = request.scope === 'line' || items.length === request.lines.length;
  if (!sameLines || items.some((item) => item.requestHash !== null && item.requestHash !== hash)) {
    throw jsonError(409, KEY_REUSED_MESSAGE, { reason: 'key-reused' });
  }
  return { items, replayed: true };
}

async function writeLines(
  tx: Prisma.TransactionClient,
  shop: string,
  request: ConfirmRequest,
  now: Date,
): Promise<ConfirmResult> {
  const order = await tx.groupOrder.findFirst({ where: { id: request.groupOrderId, shop } });
  if (!order) throw jsonError(404, 'Group order not found');

  const previous = await findByKey(tx, shop, request);
  if (previous.length) return replay(previous, request);

  const reason = closedReason(order, now);
  if (reason) throw closedError(order, reason);
  // Take the write lock on the order while re-checking it, so a submit cannot slip in between.
  const open = await tx.groupOrder.updateMany({
    where: { id: order.id, shop, status: 'active', deadlineAt: { gt: now } },
    data: { updatedAt: now },
  });
  if (open.count === 0) {
    const latest = await tx.groupOrder.findFirstOrThrow({ where: { id: order.id, shop } });
    throw closedError(latest, closedReason(latest, now) ?? 'submitted');
  }

  const menuItems = await tx.menuItem.findMany({
    where: { shop, active: true, id: { in: request.lines.map((l) => l.menuItemId) } },
  });
  const itemsById = new Map(menuItems.map((item) => [item.id, item]));
  const modifiers = (
    await tx.modifier.findMany({
      where: { shop, active: true, group: { shop, active: true } },
      include: { group: true },
    })
  )
    .sort((a, b) => a.group.position - b.group.position || a.groupId - b.groupId || a.position - b.position)
    .map(serializeModifier);

  const hash = requestHash(request);
  const many = request.lines.length > 1;
  const rows: Prisma.OrderItemUncheckedCreateInput[] = [];
  for (const [index, line] of request.lines.entries()) {
    const where = many ? `Item ${index + 1}: ` : '';
    const menuItem = itemsById.get(line.menuItemId);
    if (!menuItem) throw jsonError(400, `${where}That item is not on the menu.`);
    const selection = validateSelection(modifiers, menuItem, line.selectedModifiers);
    if (!selection.ok) throw jsonError(400, `${where}${selection.message}`);
    const price = priceLine(menuItem.priceCents, selection.modifiers, line.quantity);
    rows.push({
      shop,
      groupOrderId: order.id,
      guestName: request.guestName,
      guestInitials: request.guestInitials ?? null,
      guestEmail: request.guestEmail ?? null,
      menuItemId: menuItem.id,
      menuItemName: menuItem.name,
      quantity: line.quantity,
      selectedModifiers: JSON.stringify(
        selection.modifiers.map((m) => ({
          id: m.id,
          name: m.name,
          type: m.type,
          priceDeltaCents: m.priceDeltaCents,
        })),
      ),
      specialInstructions: request.specialInstructions ?? null,
      unitPriceCents: price.unitCents,
      totalCents: price.totalCents,
      confirmationKey: request.confirmationKey,
      line: line.line,
      requestHash: hash,
    });
  }

  const items: OrderItem[] = [];
  for (const data of rows) items.push(await tx.orderItem.create({ data }));
  await refreshTotals(tx, order.id);
  return { items, replayed: false };
}

/** Recomputes the order's running totals from its items, inside the caller's transaction. */
export async function refreshTotals(tx: Prisma.TransactionClient, groupOrderId: number) {
  const [sums, names] = await Promise.all([
    tx.orderItem.aggregate({ where: { groupOrderId }, _sum: { quantity: true, totalCents: true } }),
    tx.orderItem.findMany({ where: { groupOrderId }, select: { guestName: true }, distinct: ['guestName'] }),
  ]);
  const participants = new Set(names.map((n) => n.guestName.trim().toLowerCase()));
  await tx.groupOrder.update({
    where: { id: groupOrderId },
    data: {
      participantCount: participants.size,
      totalItems: sums._sum.quantity ?? 0,
      totalCents: sums._sum.totalCents ?? 0,
    },
  });
}

/** A guest's confirmed items in an order; names match case-insensitively ("alex" is "Alex"). */
export async function findGuestItems(shop: string, groupOrderId: number, guestName: string) {
  const wanted = guestName.trim().toLowerCase();
  const items = await prisma.orderItem.findMany({ where: { shop, groupOrderId }, orderBy: { id: 'asc' } });
  return items.filter((item) => item.guestName.trim().toLowerCase() === wanted);
}
