// Storefront routes live under Shopify's app proxy. Client routing is compiled for this prefix; links a
// shopper shares use the request's signed path_prefix instead (see storefront.server.ts).
export const PROXY_BASE = '/apps/group-order';

export function sfPath(path: string, query?: Record<string, string | undefined | null>) {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, value);
  }
  const qs = search.toString();
  return `${PROXY_BASE}${clean}${qs ? `?${qs}` : ''}`;
}

export function apiPath(path: string) {
  return sfPath(`/api${path.startsWith('/') ? path : `/${path}`}`);
}
