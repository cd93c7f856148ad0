import { describe, expect, it } from 'vitest';
import { dbSnapshot } from '../../test/security/support';
import { args, proxyRequest } from '../../test/support/requests';
import { action, loader } from './apps.group-order.api.ping';

// GET or POST /api/ping: the benchmark's app floor. Signed, an empty 204 whatever the body; unsigned, the
// same refusal as every storefront route (test/security walks this route with the others). Never a write.

async function answer(route: typeof loader, request: Request) {
  try {
    return await route(args(request));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('/api/ping', () => {
  it('answers a signed GET or POST with an empty 204, reading and writing nothing', async () => {
    const before = await dbSnapshot();
    const get = await answer(loader, await proxyRequest('/apps/group-order/api/ping'));
    const post = await answer(
      action,
      // Malformed JSON: the body is never read, so it is no 400 here.
      await proxyRequest('/apps/group-order/api/ping', { body: '{"not": "read"' }),
    );
    for (const response of [get, post]) {
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    }
    expect(await dbSnapshot()).toEqual(before);
  });

  it('refuses a request the app proxy did not sign', async () => {
    const unsigned = new Request(
      'https://app.test/apps/group-order/api/ping?shop=test-shop.myshopify.com&path_prefix=%2Fapps%2Fgroup-order&logged_in_customer_id=&timestamp=1',
    );
    const response = await answer(loader, unsigned);
    expect(response.status).toBe(401);
  });
});
