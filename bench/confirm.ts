// The guest confirm as the bench sends it: new guests confirming the bench's 3-item cart, each from an
// address of its own (confirms are rate-limited per client address, as an office of people would not be).
import { clientAddress, run, type Load } from './load';
import { PROXY_PREFIX, signedPath } from './signing.mjs';

let guestSeq = 0;

/**
 * `perOrder` confirms to each order of `orderIds` in turn. `route` 'ping' posts the same requests to the
 * app's floor (app/routes/apps.group-order.api.ping.tsx).
 */
export function confirmLoad(
  base: string,
  cart: { shop: string; secret: string; items: unknown[] },
  load: Load,
  { orderIds, perOrder, route }: { orderIds: number[]; perOrder: number; route: 'order-items' | 'ping' },
) {
  let sent = 0;
  const request = {
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/json', 'x-forwarded-host': cart.shop },
    setupRequest(req: { path: string; body: string; headers: Record<string, string> }) {
      guestSeq += 1;
      const orderId = orderIds[Math.floor(sent / perOrder) % orderIds.length];
      sent += 1;
      req.path = signedPath(`${PROXY_PREFIX}/api/${route}`, { shop: cart.shop, secret: cart.secret });
      req.headers = { ...req.headers, 'x-forwarded-for': clientAddress(guestSeq) };
      req.body = JSON.stringify({
        groupOrderId: orderId,
        confirmationKey: `bench-${process.pid}-${guestSeq}`,
        guestName: `Guest ${guestSeq}`,
        guestInitials: 'GB',
        items: cart.items,
      });
      return req;
    },
  };
  return run(base, load, [request]);
}
