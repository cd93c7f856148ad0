import { readdirSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import prisma, { provider } from '../../app/db.server';
import { args, call, proxyRequest } from '../support/requests';

export const ROUTES_DIR = path.resolve('app/routes');

type RouteFn = (a: ReturnType<typeof args>) => Promise<unknown>;
export type RouteModule = { loader?: RouteFn; action?: RouteFn };

/** Every route file whose name starts with `prefix` (no tests), e.g. "apps.group-order" or "app.". */
export function routeFiles(test: (name: string) => boolean): string[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => file.replace(/\.tsx?$/, ''))
    .filter(test)
    .sort();
}

export const isStorefrontRoute = (name: string) =>
  name === 'apps.group-order' || name.startsWith('apps.group-order.');

export async function importRoute(name: string): Promise<RouteModule> {
  const file = readdirSync(ROUTES_DIR).find((f) => f === `${name}.tsx` || f === `${name}.ts`)!;
  return (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as RouteModule;
}

/**
 * The URL path and params Remix would give a flat route file. Dynamic segments take the values given
 * (e.g. { id: '123', code: 'ABC123' }); the splat route gets an unknown path; the layout a page under it.
 */
export function routeUrl(name: string, values: Record<string, string>) {
  if (name === 'apps.group-order') return { path: '/apps/group-order/host/create', params: {} };
  const params: Record<string, string> = {};
  const segments = name.split('.').slice(2);
  const parts = ['apps', 'group-order'];
  for (const segment of segments) {
    if (segment === '_index') continue;
    if (segment === '$') {
      params['*'] = values['*'] ?? 'no-such-page';
      parts.push(params['*']);
    } else if (segment.startsWith('$')) {
      const key = segment.slice(1);
      const value = wellFormed(values[key]);
      if (value === undefined) throw new Error(`routeUrl: no value for ${segment} in ${name}`);
      params[key] = value;
      parts.push(encodeURIComponent(value));
    } else parts.push(segment);
  }
  return { path: `/${parts.join('/')}`, params };
}

/** A URL path cannot carry a lone surrogate: browsers send U+FFFD instead. */
function wellFormed(value: string | undefined) {
  return value?.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Runs a loader or action the way Remix would answer: a thrown non-Response is a 500. */
export async function answer(fn: () => Promise<unknown>) {
  try {
    const result = await call(fn);
    const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body ?? null);
    return { status: result.status, text, body: result.body, response: result.response };
  } catch (error) {
    const text = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
    return { status: 500, text, body: text, response: undefined, error };
  }
}

/** A proxy request signed at another moment (Shopify's own helper, with the clock moved). */
export async function proxyRequestSignedAt(
  at: number,
  pathname: string,
  options: Parameters<typeof proxyRequest>[1] = {},
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await proxyRequest(pathname, options);
  } finally {
    vi.useRealTimers();
  }
}

/** The same request with a new URL (query tampered after signing); method, headers and body kept. */
export async function withUrl(request: Request, edit: (url: URL) => string | URL) {
  const url = new URL(request.url);
  const next = edit(url);
  const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.clone().text();
  return new Request(next.toString(), { method: request.method, headers: request.headers, body });
}

const bigintSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** Every row of every application table, in a stable order: compare two of these to see any write. */
export async function dbSnapshot(options: { exclude?: string[] } = {}) {
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    provider === 'postgresql'
      ? "SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_prisma%' ORDER BY table_name"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma%' ORDER BY name",
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (options.exclude?.includes(name)) continue;
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${name}"`);
    snapshot[name] = rows
      .map((row) => JSON.stringify(row, bigintSafe))
      .sort()
      .map((row) => JSON.parse(row));
  }
  return snapshot;
}

/**
 * What a person must never see in an answer: stack frames, absolute file paths, Prisma or SQLite
 * internals. Returns the first thing found, or null.
 */
export function leakIn(text: string): string | null {
  const patterns: [string, RegExp][] = [
    ['a stack frame', /\n\s+at .+[(:]\d+/],
    ['an absolute path', /(?:^|[\s"'(])\/(?:work|home|root|usr|tmp|app|var)\/[\w.-]+\//],
    ['node_modules', /node_modules/],
    ['a Prisma error', /prisma|PrismaClient|Invalid `.*` invocation/i],
    ['an SQLite error', /SQLITE_|sqlite/i],
    ['an error class name', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError):/],
  ];
  for (const [what, pattern] of patterns) if (pattern.test(text)) return what;
  return null;
}
