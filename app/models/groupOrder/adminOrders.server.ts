import type { Translate } from '~/lib/language';
import type { Prisma } from '@prisma/client';
import { getKitchenProgress, kitchenLabel, kitchenStateOf } from '../kitchen/kitchen.server';
import prisma, { caseInsensitive } from '../../db.server';
import { centsToDecimal } from '../../lib/money';
import { PROXY_BASE } from '../../lib/paths';
import { formatDateTime, utcToZoned } from '../../lib/time';
import { GUEST_NOTE, summarize } from './groupOrder.server';
import { handoffMessages, handoffNeedsRetry, type HandoffMessage } from '../outbox/handoff.server';
import { shopOrigin } from '../shop/shopDomain.server';
import { orderTitle } from '../../lib/groupOrder';
import { MONEY_FIELDS, moneyBadge, moneyDetail, readOrdersMoney, type OrderMoney } from './orderMoney.server';

// The merchant's view of group orders: search, the two tabs, one order in detail. Every query is scoped
// by shop and served by the (shop, status, createdAt) index; pages are fetched one row past the page size
// to know whether there is a next page without counting. The Shopify hand-off's state and its retry are
// in outbox/handoff.server.ts.

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_TABS = ['active', 'submitted', 'all'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The tab asked for; a search without one looks through all orders (issue 27: not just the open tab). */
export function parseTab(value: string | null, query = ''): AdminTab {
  if (value === 'submitted' || value === 'active' || value === 'all') return value;
  return query.trim() ? 'all' : 'active';
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * Search over code, group name, company, host name and e-mail, and the names of the order's guests
 * (the guest row, or an item's own name for orders from before guests were rows); case-insensitive.
 * Guests and items are matched within the shop too, not only through their order.
 */
function searchWhere(shop: string, query: string): Prisma.GroupOrderWhereInput {
  const q = query.trim().slice(0, 100);
  if (!q) return {};
  const text = { contains: q, ...caseInsensitive };
  return {
    OR: [
      { code: { contains: q.toUpperCase() } },
      { name: text },
      { companyName: text },
      { hostName: text },
      { hostEmail: text },
      { guests: { some: { shop, name: text } } },
      { items: { some: { shop, guestName: text } } },
    ],
  };
}

/** The host dashboard on the shop's own storefront domain (see shopDomain.server.ts). */
export function hostDashboardUrl(origin: string, id: number) {
  return `${origin}${PROXY_BASE}/host/dashboard/${id}`;
}

/** Draft order in the Shopify admin: admin.shopify.com/store/{store}/draft_orders/{numeric id}. */
export function draftOrderAdminUrl(shop: string, draftOrderId: string | null) {
  const numeric = draftOrderId?.split('/').pop();
  if (!numeric || !/^\d+$/.test(numeric)) return null;
  return `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}/draft_orders/${numeric}`;
}

const LIST_FIELDS = {
  id: true,
  code: true,
  name: true,
  hostName: true,
  hostEmail: true,
  companyName: true,
  orderType: true,
  paymentMethod: true,
  status: true,
  pickupAt: true,
  deadlineAt: true,
  timeZone: true,
  currency: true,
  participantCount: true,
  totalItems: true,
  totalCents: true,
  shopifyState: true,
  shopifyDraftOrderId: true,
  shopifyDraftOrderName: true,
  shopifyError: true,
  createdAt: true,
  submittedAt: true,
  kitchenState: true,
  // Who pays (issue 25): the list's money badge and the detail's money section (orderMoney.server.ts).
  ...MONEY_FIELDS,
  costCode: true,
} satisfies Prisma.GroupOrderSelect;

type ListRow = Prisma.GroupOrderGetPayload<{ select: typeof LIST_FIELDS }>;
type AdminWords = { t: Translate; intlLocale: string };

/**
 * `words`: the admin's language (i18n.server.ts pageLanguage), for the pickup time and the title of an order
 * without a name; without them (the JSON API) en-AU and English.
 */
function toListEntry(
  shop: string,
  origin: string,
  row: ListRow,
  message?: HandoffMessage,
  words?: AdminWords,
  money?: OrderMoney,
) {
  const pickup = utcToZoned(row.pickupAt, row.timeZone);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    title: orderTitle(row, words?.t),
    hostName: row.hostName,
    hostEmail: row.hostEmail,
    companyName: row.companyName,
    orderType: row.orderType,
    paymentMethod: row.paymentMethod,
    status: row.status,
    pickupAt: row.pickupAt.toISOString(),
    pickupDate: pickup.date,
    pickupTime: pickup.time,
    pickupLabel: formatDateTime(row.pickupAt, row.timeZone, words?.intlLocale),
    deadlineAt: row.deadlineAt.toISOString(),
    timeZone: row.timeZone,
    currency: row.currency,
    participantCount: row.participantCount,
    totalItems: row.totalItems,
    totalCents: row.totalCents,
    totalAmount: centsToDecimal(row.totalCents),
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    kitchenState: row.status === 'submitted' ? kitchenStateOf(row) : null,
    kitchenLabel: row.status === 'submitted' ? kitchenLabel(kitchenStateOf(row), row.orderType) : null,
    shopify: {
      state: row.shopifyState,
      draftOrderName: row.shopifyDraftOrderName,
      draftOrderUrl: draftOrderAdminUrl(shop, row.shopifyDraftOrderId),
      error: row.shopifyError ?? (row.shopifyState === 'pending' ? (message?.lastError ?? null) : null),
      retryable: handoffNeedsRetry(row.shopifyState, message),
    },
    hostDashboardUrl: hostDashboardUrl(origin, row.id),
    money: moneyBadge(money),
  };
}

export type AdminOrderListEntry = ReturnType<typeof toListEntry>;

export async function listGroupOrders(
  shop: string,
  options: { tab: AdminTab; query?: string; page?: number; pageSize?: number; words?: AdminWords },
) {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const page = options.page ?? 1;
  const status: Prisma.GroupOrderWhereInput =
    options.tab === 'all'
      ? {}
      : options.tab === 'active'
        ? { status: 'active' }
        : { status: { not: 'active' } };
  const rows = await prisma.groupOrder.findMany({
    where: { shop, ...status, ...searchWhere(shop, options.query ?? '') },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (page - 1) * pageSize,
    take: pageSize + 1,
    select: LIST_FIELDS,
  });
  const origin = await shopOrigin(shop);
  const shown = rows.slice(0, pageSize);
  const [messages, money] = await Promise.all([handoffMessages(shop, shown), readOrdersMoney(shop, shown)]);
  return {
    tab: options.tab,
    page,
    hasPrevious: page > 1,
    hasNext: rows.length > pageSize,
    orders: shown.map((row) =>
      toListEntry(shop, origin, row, messages.get(row.id), options.words, money.get(row.id)),
    ),
  };
}

/** One page of the dashboard's list, with its tab and whether there are pages either side. */
export type AdminOrderList = Awaited<ReturnType<typeof listGroupOrders>>;

/** One order with its guests, for the detail modal; null when the id belongs to no order of this shop. */
export async function getAdminOrderDetail(shop: string, id: number, words?: AdminWords) {
  const order = await prisma.groupOrder.findFirst({
    where: { id, shop },
    select: {
      ...LIST_FIELDS,
      instructions: true,
      deliveryAddress: true,
      shopifyInvoiceUrl: true,
      items: { orderBy: { id: 'asc' }, include: { guest: GUEST_NOTE } },
    },
  });
  if (!order) return null;
  const { items, instructions, deliveryAddress, shopifyInvoiceUrl, ...row } = order;
  const [messages, money] = await Promise.all([handoffMessages(shop, [row]), readOrdersMoney(shop, [row])]);
  const guests = summarize(items);
  return {
    ...toListEntry(shop, await shopOrigin(shop), row, messages.get(row.id), words, money.get(row.id)),
    moneyDetail: moneyDetail(shop, row, money.get(row.id)!, guests),
    instructions,
    deliveryAddress,
    shopifyInvoiceUrl,
    kitchen: (await getKitchenProgress(shop, id, true))!,
    guests: guests.map((guest) => ({
      guestId: guest.guestId,
      guestName: guest.guestName,
      guestInitials: guest.guestInitials,
      specialInstructions: guest.specialInstructions,
      itemCount: guest.itemCount,
      totalCents: guest.totalCents,
      items: guest.items.map((item) => ({
        id: item.id,
        name: item.menuItem.name,
        quantity: item.quantity,
        modifiers: item.selectedModifiers,
        note: item.note,
        totalPrice: item.totalPrice,
      })),
    })),
  };
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof getAdminOrderDetail>>>;

/** E-mails of this shop the outbox gave up on, newest first, for the dashboard's "Retry now". */
export async function listUndeliveredEmails(shop: string, take = 10) {
  const rows = await prisma.outboxMessage.findMany({
    where: { shop, kind: 'email', status: 'failed' },
    orderBy: { id: 'desc' },
    take,
    select: { id: true, payload: true, lastError: true, updatedAt: true },
  });
  return rows.map((row) => {
    let email: { to?: unknown; subject?: unknown } = {};
    try {
      email = JSON.parse(row.payload);
    } catch {
      // An unreadable payload still gets listed, so the merchant can see it and retry.
    }
    return {
      id: row.id,
      to: typeof email.to === 'string' ? email.to : '',
      subject: typeof email.subject === 'string' ? email.subject : '',
      error: row.lastError,
      failedAt: row.updatedAt.toISOString(),
    };
  });
}

export type UndeliveredEmail = Awaited<ReturnType<typeof listUndeliveredEmails>>[number];

/** "Retry now" for a failed e-mail of this shop: due again, with a fresh set of attempts. */
export async function retryEmail(shop: string, messageId: number) {
  const rearmed = await prisma.outboxMessage.updateMany({
    where: { id: messageId, shop, kind: 'email', status: 'failed' },
    data: {
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      lastError: null,
      claimToken: null,
      leaseUntil: null,
    },
  });
  return rearmed.count === 1;
}
