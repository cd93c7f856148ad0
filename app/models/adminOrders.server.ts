import type { Prisma } from '@prisma/client';
import prisma, { caseInsensitive } from '../db.server';
import { centsToDecimal } from '../lib/money';
import { env } from '../env.server';
import { PROXY_BASE } from '../lib/paths';
import { formatDateTime, utcToZoned } from '../lib/time';
import { summarize } from './groupOrder.server';
import { queueDraftOrderSync } from './handoff.server';

// The merchant's view of group orders: search, the two tabs, one order in detail. Every query is scoped
// by shop and served by the (shop, status, createdAt) index; pages are fetched one row past the page size
// to know whether there is a next page without counting.

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_TABS = ['active', 'submitted'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function parseTab(value: string | null): AdminTab {
  return value === 'submitted' ? 'submitted' : 'active';
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Search over code, group name, company, host name and host e-mail (SQLite LIKE: case-insensitive). */
function searchWhere(query: string): Prisma.GroupOrderWhereInput {
  const q = query.trim().slice(0, 100);
  if (!q) return {};
  return {
    OR: [
      { code: { contains: q.toUpperCase() } },
      { name: { contains: q, ...caseInsensitive } },
      { companyName: { contains: q, ...caseInsensitive } },
      { hostName: { contains: q, ...caseInsensitive } },
      { hostEmail: { contains: q, ...caseInsensitive } },
    ],
  };
}

/** The storefront origin of a shop. The local simulator plays the shop's domains when it stands in for Shopify. */
export function storefrontOrigin(shop: string) {
  return env.SHOPIFY_ADMIN_API_ORIGIN ?? `https://${shop}`;
}

export function hostDashboardUrl(shop: string, id: number) {
  return `${storefrontOrigin(shop)}${PROXY_BASE}/host/dashboard/${id}`;
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
} satisfies Prisma.GroupOrderSelect;

type ListRow = Prisma.GroupOrderGetPayload<{ select: typeof LIST_FIELDS }>;

function toListEntry(shop: string, row: ListRow) {
  const pickup = utcToZoned(row.pickupAt, row.timeZone);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    hostName: row.hostName,
    hostEmail: row.hostEmail,
    companyName: row.companyName,
    orderType: row.orderType,
    paymentMethod: row.paymentMethod,
    status: row.status,
    pickupAt: row.pickupAt.toISOString(),
    pickupDate: pickup.date,
    pickupTime: pickup.time,
    pickupLabel: formatDateTime(row.pickupAt, row.timeZone),
    deadlineAt: row.deadlineAt.toISOString(),
    timeZone: row.timeZone,
    currency: row.currency,
    participantCount: row.participantCount,
    totalItems: row.totalItems,
    totalCents: row.totalCents,
    totalAmount: centsToDecimal(row.totalCents),
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    shopify: {
      state: row.shopifyState,
      draftOrderName: row.shopifyDraftOrderName,
      draftOrderUrl: draftOrderAdminUrl(shop, row.shopifyDraftOrderId),
      error: row.shopifyError,
    },
    hostDashboardUrl: hostDashboardUrl(shop, row.id),
  };
}

export type AdminOrderListEntry = ReturnType<typeof toListEntry>;

export async function listGroupOrders(
  shop: string,
  options: { tab: AdminTab; query?: string; page?: number; pageSize?: number },
) {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const page = options.page ?? 1;
  const status: Prisma.GroupOrderWhereInput =
    options.tab === 'active' ? { status: 'active' } : { status: { not: 'active' } };
  const rows = await prisma.groupOrder.findMany({
    where: { shop, ...status, ...searchWhere(options.query ?? '') },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (page - 1) * pageSize,
    take: pageSize + 1,
    select: LIST_FIELDS,
  });
  return {
    tab: options.tab,
    page,
    hasPrevious: page > 1,
    hasNext: rows.length > pageSize,
    orders: rows.slice(0, pageSize).map((row) => toListEntry(shop, row)),
  };
}

/** One order with its guests, for the detail modal; null when the id belongs to no order of this shop. */
export async function getAdminOrderDetail(shop: string, id: number) {
  const order = await prisma.groupOrder.findFirst({
    where: { id, shop },
    select: {
      ...LIST_FIELDS,
      instructions: true,
      deliveryAddress: true,
      shopifyInvoiceUrl: true,
      items: { orderBy: { id: 'asc' } },
    },
  });
  if (!order) return null;
  const { items, instructions, deliveryAddress, shopifyInvoiceUrl, ...row } = order;
  return {
    ...toListEntry(shop, row),
    instructions,
    deliveryAddress,
    shopifyInvoiceUrl,
    guests: summarize(items).map((guest) => ({
      guestName: guest.guestName,
      guestInitials: guest.guestInitials,
      itemCount: guest.itemCount,
      totalCents: guest.totalCents,
      items: guest.items.map((item) => ({
        id: item.id,
        name: item.menuItem.name,
        quantity: item.quantity,
        modifiers: item.selectedModifiers,
        specialInstructions: item.specialInstructions,
        totalPrice: item.totalPrice,
      })),
    })),
  };
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof getAdminOrderDetail>>>;

/** The merchant asks to send a submitted order to Shopify again (after a failure). False when not found. */
export async function retryDraftOrderSync(shop: string, id: number) {
  return prisma.$transaction(async (tx) => {
    const order = await tx.groupOrder.findFirst({ where: { id, shop }, select: { status: true } });
    if (!order || order.status === 'active') return false;
    await queueDraftOrderSync(tx, shop, id);
    return true;
  });
}
