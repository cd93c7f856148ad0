// The app's storefront API and its outbox worker in a process of their own, for the crash test
// (test/security/crash.test.ts), which SIGKILLs it mid-burst and starts it again on the same database.
// Run with tsx; configured by the environment like the app (DATABASE_URL, SHOPIFY_*, SMTP_URL, PORT).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import '~/models/outbox/outbox-handlers.server';
import '~/models/mail/mail.server';
import { startOutboxWorker } from '~/models/outbox/outbox.server';
import * as orderItems from '~/routes/apps.group-order.api.order-items';
import * as status from '~/routes/apps.group-order.api.group-orders.$id.status';
import * as invite from '~/routes/apps.group-order.api.group-orders.$id.invite';
import * as ordersPaid from '~/routes/webhooks.orders.paid';

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => Promise<unknown>;

const ROUTES: [RegExp, Action][] = [
  [/^\/apps\/group-order\/api\/order-items$/, orderItems.action as Action],
  [/^\/apps\/group-order\/api\/group-orders\/(?<id>\d+)\/status$/, status.action as Action],
  [/^\/apps\/group-order\/api\/group-orders\/(?<id>\d+)\/invite$/, invite.action as Action],
  // The money path (test/security/moneyCrash.test.ts): Shopify's orders/paid.
  [/^\/webhooks\/orders\/paid$/, ordersPaid.action as Action],
];

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const route = ROUTES.find(([pattern]) => pattern.test(url.pathname));
  if (!route) {
    res.writeHead(404).end('Not found');
    return;
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(key, value);
  const request = new Request(url, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
  let response: Response;
  try {
    const result = await route[1]({
      request,
      params: { ...route[0].exec(url.pathname)!.groups },
      context: {},
    });
    response = result instanceof Response ? result : Response.json(result);
  } catch (thrown) {
    if (!(thrown instanceof Response)) console.error(thrown);
    response =
      thrown instanceof Response
        ? thrown
        : Response.json({ error: 'Something went wrong.' }, { status: 500 });
  }
  res.writeHead(response.status, { 'Content-Type': response.headers.get('Content-Type') ?? 'text/plain' });
  res.end(Buffer.from(await response.arrayBuffer()));
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error(error);
    res.writeHead(500).end();
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  startOutboxWorker();
  console.log(`ready ${(server.address() as AddressInfo).port}`);
});
