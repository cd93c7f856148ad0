import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { env } from '../../env.server';

// Labels and the order sheet open in a new tab, where no App Bridge session token comes along: the prep
// board (authenticated as the shop) hands out links signed for one shop, one order and one kind of print,
// that run out after a while. See docs/decisions/2026-11-26-print-links-in-a-new-tab.md.

export const PRINT_KINDS = ['labels', 'sheet'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** How long a print link works. The board reloads every 30 s, so the links on screen stay fresh. */
export const PRINT_LINK_TTL_MS = 30 * 60_000;

export const PRINT_LINK_REFUSED =
  'This print link is not valid or has expired. Open it again from the prep board.';

function signature(kind: PrintKind, shop: string, id: number, expires: number) {
  return createHmac('sha256', env.SHOPIFY_API_SECRET)
    .update(`print:v1:${kind}:${shop}:${id}:${expires}`)
    .digest('base64url');
}

/** The app-relative address of a print, signed for `shop` and this order until now + TTL. */
export function printLink(kind: PrintKind, shop: string, id: number, now = Date.now()) {
  const expires = Math.floor((now + PRINT_LINK_TTL_MS) / 1000);
  const query = new URLSearchParams({
    shop,
    expires: String(expires),
    signature: signature(kind, shop, id, expires),
  });
  return `/app/print/${kind}/${id}?${query}`;
}

const PrintLinkSchema = z.object({
  kind: z.enum(PRINT_KINDS),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  shop: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/),
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** The shop, order and kind a print link names, or null for one that is changed, malformed or expired. */
export function verifyPrintLink(
  params: { kind?: string; id?: string },
  search: URLSearchParams,
  now = Date.now(),
): { kind: PrintKind; shop: string; id: number } | null {
  const parsed = PrintLinkSchema.safeParse({
    kind: params.kind,
    id: params.id,
    shop: search.get('shop'),
    expires: search.get('expires'),
    signature: search.get('signature'),
  });
  if (!parsed.success) return null;
  const { kind, id, shop, expires } = parsed.data;
  if (expires * 1000 <= now) return null;
  const expected = Buffer.from(signature(kind, shop, id, expires));
  const given = Buffer.from(parsed.data.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { kind, shop, id };
}
