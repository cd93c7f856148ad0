// The lunch rush: many shops, each with open orders, and guests arriving in bursts, each loading the join
// page, the menu, the review page, confirming a 3-item cart and loading the confirmation, with signed
// queries as Shopify's app proxy forwards them. A step search over arrival rates finds the highest rate
// one instance sustains with page p95 ≤ 300 ms and no errors; the server's CPU per guest over the same
// steps says what a core serves, whatever else the machine was doing. Given several instances (app
// processes on one database), each burst's guests are spread over them alternately, as a load balancer
// would, and the CPU per guest sums every instance's.
import type { PrismaClient } from '@prisma/client';
// @ts-expect-error: autocannon ships no type declarations
import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { seedDemo } from '../prisma/demo-data';
import { benchCart, orderWriter } from './fixtures';
import { clientAddress, cpuMs, percentile } from './load';
import { PROXY_PREFIX, signedPath } from './signing.mjs';

/** A page p95 above this, or any error, fails a step. */
export const RUSH_P95_MS = 300;
/**
 * Guests arrive in bursts this far apart: each second's guests all at once (a link posted in a team's
 * chat), not spread evenly over the second.
 */
const BURST_EVERY_MS = 1_000;

type RushShop = {
  shop: string;
  cart: Awaited<ReturnType<typeof benchCart>>['items'];
  orders: { id: number; code: string }[];
};

/**
 * `shops` shops with the demo menu, each with `ordersPerShop` open orders: one for the warm-up and one
 * per step of the search, so no step fills an order another left behind.
 */
export async function rushFixtures(prisma: PrismaClient, shops: number, ordersPerShop: number) {
  const fixtures: RushShop[] = [];
  for (let n = 0; n < shops; n++) {
    const shop = `rush-${String(n).padStart(3, '0')}.myshopify.com`;
    await seedDemo(prisma, { shop });
    const { menu, items } = await benchCart(prisma, shop);
    const { newOrder } = orderWriter(prisma, shop, menu);
    const orders = [];
    for (let i = 0; i < ordersPerShop; i++) orders.push(await newOrder());
    fixtures.push({ shop, cart: items, orders });
  }
  return fixtures;
}

/**
 * One app instance the rush loads: its base URL, its process (whose CPU is counted with its children's),
 * and how many processes it runs (WEB_CONCURRENCY).
 */
export type RushServer = { base: string; pid: number; processes?: number };

/**
 * How many of a burst's `count` guests go to each of `instances` instances when guests take them in
 * turn (guest k to instance k mod instances): the first instances take one more when it does not divide.
 */
export const spreadGuests = (count: number, instances: number) =>
  Array.from({ length: instances }, (_, i) => Math.floor((count + instances - 1 - i) / instances));

type Step = 'join' | 'menu' | 'review' | 'confirm' | 'confirmed';
type Guest = { shop: string; orderId: number; code: string; name: string; key: string; address: string };
type Context = { guest?: Guest; sentAt?: number };

let guestSeq = 0;

/**
 * One burst: `count` guests at once, each on a connection of its own making its five requests in turn.
 * Times are per step, from the moment a request is built to its answer.
 */
async function burst(
  base: string,
  count: number,
  nextGuest: () => Guest,
  secret: string,
  times: Record<Step, number[]>,
) {
  const sign = (guest: Guest, path: string, query: Record<string, string> = {}) =>
    signedPath(`${PROXY_PREFIX}${path}`, { shop: guest.shop, secret, query });
  const step = (name: Step, build: (guest: Guest) => { path: string; body?: string }) => ({
    method: name === 'confirm' ? 'POST' : 'GET',
    path: '/',
    setupRequest(req: Record<string, unknown>, context: Context) {
      context.guest ??= nextGuest();
      const { path, body } = build(context.guest);
      context.sentAt = performance.now();
      return {
        ...req,
        path,
        ...(body ? { body } : {}),
        headers: {
          'x-forwarded-host': context.guest.shop,
          'x-forwarded-for': context.guest.address,
          'accept-encoding': 'gzip, br',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      };
    },
    onResponse(_status: number, _body: string, context: Context) {
      times[name].push(performance.now() - (context.sentAt ?? performance.now()));
    },
  });
  const name = (g: Guest) => encodeURIComponent(g.name);
  const requests = [
    step('join', (g) => ({ path: sign(g, `/join/${g.code}`) })),
    step('menu', (g) => ({ path: sign(g, `/order/${g.orderId}`, { guest: g.name }) })),
    step('review', (g) => ({ path: sign(g, `/review/${g.orderId}/${name(g)}`) })),
    step('confirm', (g) => ({ path: sign(g, '/api/order-items'), body: confirmBody(g) })),
    step('confirmed', (g) => ({ path: sign(g, `/confirmed/${g.orderId}/${name(g)}`) })),
  ];
  type Result = { errors: number; timeouts: number; non2xx: number; requests: { total: number } };
  return new Promise<Result>((resolve, reject) => {
    autocannon(
      { url: base, connections: count, amount: count * requests.length, requests, timeout: 30 },
      (error: Error | null, result: Result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const carts = new Map<string, RushShop['cart']>();
const confirmBody = (guest: Guest) =>
  JSON.stringify({
    groupOrderId: guest.orderId,
    confirmationKey: guest.key,
    guestName: guest.name,
    guestInitials: 'RG',
    items: carts.get(guest.shop),
  });

/**
 * `perMinute` guests a minute for `seconds`, in bursts, spread over the shops round-robin and over the
 * servers in turn, each shop's guests on its order number `orderIndex`. Answers the page and confirm
 * latencies, errors, and the servers' CPU (all their processes together) per guest.
 */
export async function rushStep(
  servers: RushServer[],
  shops: RushShop[],
  options: { perMinute: number; seconds: number; orderIndex: number; secret: string },
) {
  for (const s of shops) carts.set(s.shop, s.cart);
  const times: Record<Step, number[]> = { join: [], menu: [], review: [], confirm: [], confirmed: [] };
  const nextGuest = (): Guest => {
    guestSeq += 1;
    const shop = shops[guestSeq % shops.length];
    const order = shop.orders[options.orderIndex];
    const address = clientAddress(200_000 + guestSeq);
    const key = `rush-${process.pid}-${guestSeq}`;
    return { shop: shop.shop, orderId: order.id, code: order.code, name: `Rush ${guestSeq}`, key, address };
  };
  const bursts = Math.max(1, Math.round((options.seconds * 1000) / BURST_EVERY_MS));
  const perBurst = Math.max(1, Math.round((options.perMinute * BURST_EVERY_MS) / 60_000));
  const serversCpu = () => servers.reduce((sum, server) => sum + cpuMs(server.pid), 0);
  const perServer = spreadGuests(perBurst, servers.length);
  const cpuBefore = serversCpu();
  const started = performance.now();
  const running = [];
  for (let b = 0; b < bursts; b++) {
    for (const [i, server] of servers.entries()) {
      if (perServer[i]) running.push(burst(server.base, perServer[i], nextGuest, options.secret, times));
    }
    if (b < bursts - 1) await sleep(Math.max(0, started + (b + 1) * BURST_EVERY_MS - performance.now()));
  }
  const results = await Promise.all(running);
  const guests = bursts * perBurst;
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
  const pages = [...times.join, ...times.menu, ...times.review, ...times.confirmed].sort((a, b) => a - b);
  const confirms = [...times.confirm].sort((a, b) => a - b);
  const cpuPerGuest = +((serversCpu() - cpuBefore) / guests).toFixed(1);
  return {
    perMinute: options.perMinute,
    guests,
    errors,
    pageP50: percentile(pages, 0.5),
    pageP95: percentile(pages, 0.95),
    confirmP95: percentile(confirms, 0.95),
    cpuMsPerGuest: cpuPerGuest,
    sustained: errors === 0 && percentile(pages, 0.95) <= RUSH_P95_MS,
  };
}

/**
 * Steps up through `rates` (guests a minute), one order per shop per step, until a step fails: the
 * highest sustained rate, and per core the guests a minute one core serves at the CPU per guest measured
 * over the steps. The search uses each shop's orders from `firstOrder` on (rates.length + 1 of them), so
 * a second search on the same shops can take the orders after the first's.
 */
export async function rushSearch(
  servers: RushServer[],
  shops: RushShop[],
  options: { rates: number[]; seconds: number; secret: string; firstOrder?: number },
) {
  const first = options.firstOrder ?? 0;
  // A short warm-up on the shops' first orders (JIT, the caches), not counted.
  const warmUp = { ...options, perMinute: options.rates[0], seconds: 10, orderIndex: first };
  await rushStep(servers, shops, warmUp);
  const steps = [];
  for (const [index, perMinute] of options.rates.entries()) {
    const step = await rushStep(servers, shops, { ...options, perMinute, orderIndex: first + index + 1 });
    steps.push(step);
    if (!step.sustained) break;
    await sleep(2_000);
  }
  const best = steps.filter((s) => s.sustained).at(-1)?.perMinute ?? 0;
  // CPU per guest over every step, weighted by its guests (it does not depend on whether a step held).
  const guests = steps.reduce((sum, s) => sum + s.guests, 0);
  const cpu = guests ? steps.reduce((sum, s) => sum + s.cpuMsPerGuest * s.guests, 0) / guests : 0;
  return {
    shops: shops.length,
    instances: servers.length,
    processes: servers.reduce((sum, server) => sum + (server.processes ?? 1), 0),
    steps,
    sustainedGuestsPerMinute: best,
    cpuMsPerGuest: +cpu.toFixed(1),
    guestsPerMinutePerCore: cpu ? Math.round(60_000 / cpu) : 0,
  };
}
