import type { MetaFunction } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '~/i18n.server';
import { args, call, proxyRequest, type Answer } from '../../test/support/requests';
import { loader as layoutLoader, meta as layoutMeta } from './apps.group-order';
import { meta as createMeta } from './apps.group-order.host.create';
import { meta as dashboardMeta } from './apps.group-order.host.dashboard.$id';
import { meta as findMeta } from './apps.group-order.find-order';
import { meta as myOrdersMeta } from './apps.group-order.my-orders';
import { meta as claimMeta } from './apps.group-order.host.claim.$token';
import { meta as guestLinkMeta } from './apps.group-order.guest.link.$token';
import { loader as loginLoader, meta as loginMeta } from './auth.login/route';

// Page titles (<title>, each route's meta) in the page's language: from the storefront layout's loader
// data (its language and the messages it sent), or the language its refusal carried; the login page's
// from its own loader data.

async function layoutData(query: Record<string, string>, signed = true) {
  const request = await proxyRequest('/apps/group-order/host/create', { query });
  const unsigned = new Request(request.url.replace(/signature=[^&]+/, 'signature=00'));
  return call(() => layoutLoader(args(signed ? request : unsigned)));
}

/** A route's meta as Remix calls it below the storefront layout. */
function title(meta: MetaFunction<never>, layout: unknown, more: { data?: unknown; error?: unknown } = {}) {
  const matches = [{ id: 'routes/apps.group-order', data: layout }];
  const descriptors = meta({ matches, ...more } as never) as { title?: string }[];
  return descriptors.find((d) => d.title)?.title;
}

describe('storefront page titles', () => {
  it.each(['fr', 'de'] as const)("are in the page's language (%s), English as before", async (language) => {
    const { t } = wordsFor(language);
    const english = (await layoutData({})).body;
    const own = (await layoutData({ locale: language })).body;
    const pages: [MetaFunction<never>, string, string][] = [
      [layoutMeta, 'shell.brand', 'Group Order'],
      [createMeta, 'host.title.create', 'CREATE ORDER · Group Order'],
      [findMeta, 'title.findOrder', 'Find Order · Group Order'],
      [myOrdersMeta, 'host.title.myOrders', 'My Orders · Group Order'],
      [claimMeta, 'host.title.claim', 'Manage your group order'],
      [guestLinkMeta, 'host.title.guestLink', 'Open your order on this device'],
    ];
    for (const [meta, id, englishTitle] of pages) {
      expect(title(meta, english)).toBe(englishTitle);
      expect(title(meta, own)).toBe(t(id));
      expect(title(meta, own)).not.toBe(englishTitle);
    }
    const found = { found: true, order: { title: 'Friday coffee' } };
    expect(title(dashboardMeta, english, { data: found })).toBe('Friday coffee · Group order');
    expect(title(dashboardMeta, own, { data: found })).toBe(
      t('host.title.dashboard', { title: 'Friday coffee' }),
    );
    expect(title(dashboardMeta, own, { data: { found: false } })).toBe(t('host.msg.notFound'));
  });

  it("says a refused page's title in the language its refusal carried", async () => {
    const refused = await layoutData({ locale: 'de' }, false);
    expect(refused.status).toBe(401);
    const error = { status: 401, statusText: '', internal: false, data: refused.body as Answer };
    expect(title(layoutMeta, undefined, { error })).toBe('Gruppenbestellung');
    expect(title(layoutMeta, undefined, { error: new Error('boom') })).toBe('Group Order');
  });

  it("says the login page's title in its own language", async () => {
    const data = await loginLoader(args(new Request('http://localhost/auth/login?locale=fr')));
    expect(title(loginMeta as MetaFunction<never>, undefined, { data })).toBe(
      wordsFor('fr').t('admin.login.title'),
    );
    expect(title(loginMeta as MetaFunction<never>, undefined, { data: undefined })).toBe(
      'Log in to Group Order',
    );
  });
});
