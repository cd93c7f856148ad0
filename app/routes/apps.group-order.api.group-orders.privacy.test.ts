import { describe, expect, it } from 'vitest';
import { createTestGroupOrder } from '../../test/support/factories';
import { args, call, proxyRequest } from '../../test/support/requests';
import { loader as byId } from './apps.group-order.api.group-orders.$id';
import { loader as byCode } from './apps.group-order.api.group-orders.code.$code';

describe('group order reads open to anyone with the id or code', () => {
  it("mask the host's e-mail address", async () => {
    const { order } = await createTestGroupOrder({ hostEmail: 'hannah@example.com' });
    const viaId = await call(async () =>
      byId(
        args(await proxyRequest(`/apps/group-order/api/group-orders/${order.id}`), { id: String(order.id) }),
      ),
    );
    const viaCode = await call(async () =>
      byCode(
        args(await proxyRequest(`/apps/group-order/api/group-orders/code/${order.code}`), {
          code: order.code,
        }),
      ),
    );
    for (const result of [viaId, viaCode]) {
      expect(result.status).toBe(200);
      expect(result.body.hostEmail).toBe('h•••@example.com');
      expect(JSON.stringify(result.body)).not.toContain('hannah@example.com');
    }
  });
});
