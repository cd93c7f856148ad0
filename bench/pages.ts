// The storefront pages the bench loads, and their server CPU per request beside the app's cheapest
// answers measured in the same run: /healthz (Express alone), the signed ping (the signed path, no page)
// and the plain 404 page (a whole Remix document with no data): each page's figure over the 404's is
// what its own loader and markup add, whatever the machine.
import { pageCpu, pageRequest, type CannonRequest, type Page } from './load';
import { PROXY_PREFIX } from './signing.mjs';

/** The pages a guest and a host load for one order (`code`/`id`), the seeded "Seed guest 0" as the guest. */
export function storefrontPages(order: { id: number; code: string }): Record<string, Page> {
  const guest = encodeURIComponent('Seed guest 0');
  return {
    join: { path: `${PROXY_PREFIX}/join/${order.code}` },
    menu: { path: `${PROXY_PREFIX}/order/${order.id}`, query: { guest: 'Seed guest 0' } },
    review: { path: `${PROXY_PREFIX}/review/${order.id}/${guest}` },
    confirmed: { path: `${PROXY_PREFIX}/confirmed/${order.id}/${guest}` },
    dashboard: { path: `${PROXY_PREFIX}/host/dashboard/${order.id}` },
  };
}

let visitor = 0;

/** Server CPU (ms) per request of each page and of the references, `amount` requests each at 10 connections. */
export async function measurePages(
  base: string,
  pid: number,
  pages: Record<string, Page>,
  options: { shop: string; secret: string; amount: number },
) {
  const signing = { shop: options.shop, secret: options.secret };
  const next = () => ++visitor;
  const requests: Record<string, CannonRequest> = {
    healthz: { method: 'GET', path: '/healthz', headers: {} },
    ping: { ...pageRequest({ path: `${PROXY_PREFIX}/api/ping` }, signing, next), method: 'POST' },
    notFound: pageRequest({ path: `${PROXY_PREFIX}/no-such-page` }, signing, next),
  };
  for (const [name, page] of Object.entries(pages)) requests[name] = pageRequest(page, signing, next);
  // Warm every route first (JIT, caches), then measure each in turn.
  for (const request of Object.values(requests)) await pageCpu(base, pid, request, 200);
  const figures: Record<string, Awaited<ReturnType<typeof pageCpu>> & { ofNotFound: number }> = {};
  let notFound = 0;
  for (const [name, request] of Object.entries(requests)) {
    const result = await pageCpu(base, pid, request, options.amount);
    if (name === 'notFound') notFound = result.cpuMsPerRequest;
    const ratio = notFound ? +(result.cpuMsPerRequest / notFound).toFixed(2) : 0;
    figures[name] = { ...result, ofNotFound: ratio };
  }
  return figures;
}
