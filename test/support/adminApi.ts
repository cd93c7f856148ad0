import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminGraphqlMiddleware, createAdminApiSimulator } from '../../scripts/simulator/admin-graphql.mjs';
export { DEFAULT_AVATAR_URL } from '../../scripts/simulator/admin-store.mjs';

export type AdminApiSimulator = ReturnType<typeof createAdminApiSimulator>;

/**
 * The simulated Admin GraphQL API on a free local port. Set process.env.SHOPIFY_ADMIN_API_ORIGIN to
 * `origin` BEFORE importing app modules: app/shopify.server.ts reads it once at import.
 */
export async function startAdminApi(
  shops: Parameters<typeof createAdminApiSimulator>[0] extends infer O
    ? NonNullable<O> extends { shops?: infer S }
      ? NonNullable<S>
      : never
    : never,
) {
  const sim: any = createAdminApiSimulator({ shops });
  const handle = adminGraphqlMiddleware(sim);
  const server = http.createServer(async (req, res) => {
    if ((await handle(req, res)) === false) {
      res.writeHead(404);
      res.end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    sim,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
