import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApi } from '../support/adminApi';
import { TEST_SHOP } from '../support/requests';

// Issue 8, "property-based fuzzing": every JSON endpoint and form action, fed bodies, params, queries,
// methods and content types that fast-check makes up, never answers 5xx and never shows a stack trace,
// a file path or database internals; afterwards the database invariants hold.
//
// Reproducible: the seed is fixed (FUZZ_SEED overrides it, FUZZ_RUNS scales the runs); a failure prints
// the seed and the shrunk counterexample. Bounded: about FUZZ_RUNS cases per route and method.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

// The Admin API is the one fake: app modules read its origin when first imported.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { createOrderBody, createTestGroupOrder, seedMenu } = await import('../support/factories');
const { args, proxyRequest } = await import('../support/requests');
const { adminRequest } = await import('../support/adminRequests');
const { answer, importRoute, isStorefrontRoute, leakIn, routeFiles, routeUrl } = await import('./support');
const { databaseProblems } = await import('./invariants');

afterAll(() => api.close());

const STOREFRONT_ROUTES = routeFiles(isStorefrontRoute);

let known: {
  id: number;
  submittedId: number;
  code: string;
  hostToken: string;
  menuIds: number[];
  modifierIds: number[];
};

beforeAll(async () => {
  const menu = await seedMenu();
  const { order, hostToken } = await createTestGroupOrder({ hostCustomerId: '42' });
  const { order: submitted } = await createTestGroupOrder({ status: 'submitted', submittedAt: new Date() });
  const modifiers = await prisma.modifier.findMany({ where: { shop: TEST_SHOP } });
  known = {
    id: order.id,
    submittedId: submitted.id,
    code: order.code,
    hostToken,
    menuIds: menu.map((m) => m.id),
    modifierIds: modifiers.map((m) => m.id),
  };
});

// ---- Arbitraries ---------------------------------------------------------------------------------

const nastyText = fc.constantFrom(
  '',
  ' ',
  '\uD800',
  'a\uDC00b',
  '\uDBFF',
  '😀 Smith',
  '𝒜lice',
  '𠀋 Wang',
  'Zoë 👩🏽‍🍳',
  '\u0000',
  '\u202Eevil',
  '<script>alert(1)</script>',
  '"; DROP TABLE "GroupOrder"; --',
  '../../../etc/passwd',
  '%00',
  '{{7*7}}',
  'null',
  'NaN',
  '-1',
  '1e309',
  'x'.repeat(5000),
  '😀'.repeat(400),
);
const text = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
);
const FREE_TEXT = [
  'hostName',
  'companyName',
  'name',
  'instructions',
  'guestName',
  'specialInstructions',
  'deliveryAddress',
];
const personText = () =>
  fc.oneof(
    fc.constantFrom(
      '😀 Smith',
      '𝒜lice',
      '𠀋 Wang',
      'Zoë 👩🏽‍🍳',
      'a\uD800b',
      '\uDC00x',
      'Ngọc Ánh',
      'محمد',
      '山田 太郎',
      'e\u0301\u0301',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }),
  );
const number = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 99, 100, 101, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1.5, -0),
  fc.double({ noNaN: true }),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const anyValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);
const knownId = () =>
  fc.oneof(fc.constant(known.id), fc.constant(known.submittedId), fc.constantFrom(...known.menuIds));
const idLike = () => fc.oneof({ weight: 3, arbitrary: knownId() }, { weight: 2, arbitrary: anyValue });
const line = () =>
  fc.record(
    {
      menuItemId: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...known.menuIds) },
        { weight: 1, arbitrary: anyValue },
      ),
      id: fc.oneof(fc.constantFrom(...known.menuIds), anyValue),
      quantity: fc.oneof(fc.integer({ min: -2, max: 120 }), anyValue),
      selectedModifiers: fc.oneof(
        fc.array(fc.oneof(fc.constantFrom(...known.modifierIds), anyValue), { maxLength: 4 }),
        anyValue,
      ),
      name: text,
    },
    { requiredKeys: [] },
  );

/** A plausible request body (every field any endpoint reads, valid to start with) with fields replaced. */
function validBase() {
  return {
    ...createOrderBody({ deadlineIn: 60 }),
    name: 'Friday coffee',
    orderType: 'pickup',
    instructions: '',
    paymentMethod: 'pay-in-store',
    groupOrderId: known.id,
    guestName: 'Olivia',
    guestInitials: 'ON',
    guestEmail: 'olivia@example.com',
    confirmationKey: 'fuzz-key-0001',
    menuItemId: known.menuIds[0],
    quantity: 1,
    selectedModifiers: [],
    specialInstructions: '',
    items: [{ menuItemId: known.menuIds[0], quantity: 1, selectedModifiers: [] }],
    orderItems: [{ id: known.menuIds[0], name: 'Flat White', quantity: 1, selectedModifiers: [] }],
    status: 'submitted',
    hostToken: known.hostToken,
    emails: ['friend@example.com'],
    email: 'olivia@example.com',
  } as Record<string, unknown>;
}

const FIELDS = Object.keys({ ...validBaseKeys() });
function validBaseKeys() {
  return Object.fromEntries(
    'hostName hostEmail companyName name orderType pickupDate pickupTime deadlineDate deadlineTime instructions paymentMethod deliveryAddress groupOrderId guestName guestInitials guestEmail confirmationKey menuItemId quantity selectedModifiers specialInstructions items orderItems status hostToken emails email line itemPrice totalPrice'
      .split(' ')
      .map((k) => [k, true]),
  );
}

const fieldValue = (key: string) => {
  if (key === 'items' || key === 'orderItems') return fc.oneof(fc.array(line(), { maxLength: 6 }), anyValue);
  if (key === 'groupOrderId' || key === 'menuItemId') return idLike();
  if (key === 'confirmationKey') return fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/), anyValue);
  return anyValue;
};

/** A JSON body: the valid base with some fields replaced or removed, or something else entirely. */
const jsonBody = () =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc
            .uniqueArray(fc.constantFrom(...FIELDS), { maxLength: 4 })
            .chain((keys) =>
              fc.tuple(
                fc.constant(keys),
                fc.tuple(...keys.map((k) => fc.option(fieldValue(k), { nil: undefined }))),
              ),
            ),
          fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
        )
        .map(([[keys, replacements], fromBase]) => {
          const body: Record<string, unknown> = fromBase ? validBase() : {};
          keys.forEach((key, i) => {
            if (replacements[i] === undefined) delete body[key];
            else body[key] = replacements[i];
          });
          return JSON.stringify(body);
        }),
    },
    {
      // Every free-text field at once gets text a person might type (any script, emoji, combining marks)
      // or malformed text (lone surrogates), the rest stays valid: reaches the code that uses the text.
      weight: 3,
      arbitrary: fc
        .tuple(...FREE_TEXT.map(() => personText()))
        .map((texts) =>
          JSON.stringify({ ...validBase(), ...Object.fromEntries(FREE_TEXT.map((k, i) => [k, texts[i]])) }),
        ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '{', '{"items":[', 'null', '[]', '"x"', '{"__proto__":{"admin":true}}'),
    },
  );

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  '',
);

const param = () =>
  fc.oneof(
    fc.constant(String(known.id)),
    fc.constant(String(known.submittedId)),
    fc.constant(known.code),
    fc.constantFrom('0', '-1', '2147483648', '99999999999', '1e3', '0x10', ' 1', 'ABC', 'abc123'),
    text.filter((s) => s.length > 0 && s.length < 300),
  );

const query = () =>
  fc.dictionary(
    fc.constantFrom(
      'code',
      'email',
      'method',
      'order',
      'return_to',
      'tab',
      'q',
      'page',
      'guest',
      'hostToken',
    ),
    fc.oneof(param(), text),
    { maxKeys: 3 },
  );

// ---- The property ------------------------------------------------------------------------------

type Case = { status: number; text: string };

function expectSafe(result: Case, what: () => string) {
  if (result.status >= 500) throw new Error(`${result.status} for ${what()}\n${result.text.slice(0, 400)}`);
  const leak = leakIn(result.text);
  if (leak) throw new Error(`The answer shows ${leak} for ${what()}\n${result.text.slice(0, 400)}`);
}

async function expectInvariants() {
  expect(await databaseProblems()).toEqual([]);
}

const dynamicKeys = (name: string) => [...name.matchAll(/\$(\w+)/g)].map((m) => m[1]);

describe('fuzzing every storefront route', () => {
  it('the fuzz starts from bodies the app accepts (so the cases reach past validation)', async () => {
    const create = await importRoute('apps.group-order.api.group-orders');
    const created = await answer(async () =>
      create.action!(args(await proxyRequest('/apps/group-order/api/group-orders', { body: validBase() }))),
    );
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const confirm = await importRoute('apps.group-order.api.order-items');
    const confirmed = await answer(async () =>
      confirm.action!(
        args(
          await proxyRequest('/apps/group-order/api/order-items', {
            body: { ...validBase(), confirmationKey: 'fuzz-control-1' },
          }),
        ),
      ),
    );
    expect(confirmed.status, confirmed.text.slice(0, 300)).toBe(201);
    await expectInvariants();
  });

  describe.each(STOREFRONT_ROUTES)('%s', (name) => {
    const keys = dynamicKeys(name);
    const paramsArb = () =>
      fc
        .tuple(...keys.map(() => param()))
        .map((vals) => Object.fromEntries(keys.map((k, i) => [k, vals[i]])));
    const isApi = name.includes('.api.');
    const formBody = () =>
      fc
        .dictionary(fc.constantFrom(...FIELDS, 'intent', 'method', 'code'), fc.oneof(param(), text), {
          maxKeys: 6,
        })
        .map((d) => new URLSearchParams(d as Record<string, string>).toString());

    /** Sends fuzzed action requests: body and content type from the given arbitraries. */
    async function fuzzAction(bodies: fc.Arbitrary<string>, types: fc.Arbitrary<string>, numRuns: number) {
      const mod = await importRoute(name);
      await fc.assert(
        fc.asyncProperty(
          paramsArb(),
          fc.constantFrom('POST', 'POST', 'POST', 'PATCH', 'PUT', 'DELETE'),
          bodies,
          types,
          fc.boolean(),
          async (values, method, body, type, withToken) => {
            const { path, params } = routeUrl(name, values);
            const headers: Record<string, string> = {};
            if (type) headers['Content-Type'] = type;
            if (withToken) headers['X-Host-Token'] = known.hostToken;
            const request = await proxyRequest(path, { method, body, headers, customerId: '42' });
            if (!type) request.headers.delete('Content-Type');
            expectSafe(
              await answer(() => mod.action!(args(request, params))),
              () => `${method} ${path} (${type}) ${body.slice(0, 300)}`,
            );
          },
        ),
        { seed: SEED, numRuns },
      );
      await expectInvariants();
    }

    it('loader: made-up params and queries never answer 5xx or show internals', async () => {
      const mod = await importRoute(name);
      if (!mod.loader) return;
      await fc.assert(
        fc.asyncProperty(paramsArb(), query(), fc.constantFrom('', '42'), async (values, q, customerId) => {
          const { path, params } = routeUrl(name, values);
          const request = await proxyRequest(path, {
            query: q as Record<string, string>,
            customerId,
            headers: { 'X-Host-Token': known.hostToken },
          });
          expectSafe(
            await answer(() => mod.loader!(args(request, params))),
            () => `GET ${path} ${JSON.stringify(q)}`,
          );
        }),
        { seed: SEED, numRuns: RUNS },
      );
      await expectInvariants();
    });

    it(`action: made-up ${isApi ? 'JSON' : 'form'} bodies never answer 5xx or show internals, and the data stays consistent`, async () => {
      if (!(await importRoute(name)).action) return;
      await fuzzAction(
        isApi ? jsonBody() : formBody(),
        fc.constant(isApi ? 'application/json' : 'application/x-www-form-urlencoded'),
        RUNS * 3,
      );
    });

    it('action: a body of another content type, or none, is refused with a 4xx', async () => {
      if (!(await importRoute(name)).action) return;
      await fuzzAction(fc.oneof(jsonBody(), formBody()), contentType, RUNS);
    });
  });
});

describe('fuzzing the admin form actions', () => {
  const ADMIN_FIELDS = [
    'intent',
    'id',
    'name',
    'category',
    'description',
    'price',
    'priceDelta',
    'type',
    'maxSelections',
    'isDefault',
    'applicableCategories',
    'groupId',
    'shopName',
    'kitchenName',
    'currency',
    'locale',
    'timeZone',
    'pickupNoticeMinutes',
    'defaultPickupOffsetMinutes',
    'defaultDeadlineOffsetMinutes',
    'paymentMethods',
    'emailSenderName',
    'deliveryFee',
    'collectionId',
  ];
  const intents = fc.constantFrom(
    'retry-shopify',
    'import',
    ...['item', 'group', 'modifier'].flatMap((s) =>
      ['create', 'update', 'archive', 'unarchive', 'up', 'down'].map((v) => `${s}.${v}`),
    ),
  );

  it.each(['app._index', 'app.menu', 'app.settings'])(
    '%s never answers 5xx or shows internals',
    async (name) => {
      const mod = await importRoute(name);
      const path = `/${name.replace(/\._index$/, '').replace(/\./g, '/')}`;
      const form = fc
        .tuple(
          intents,
          fc.oneof(
            fc.constantFrom(
              ...known.menuIds.map(String),
              ...known.modifierIds.map(String),
              String(known.submittedId),
            ),
            param(),
          ),
          fc.dictionary(fc.constantFrom(...ADMIN_FIELDS), fc.oneof(param(), text), { maxKeys: 8 }),
        )
        .map(([intent, id, rest]) => ({ intent, id, ...(rest as Record<string, string>) }));
      await fc.assert(
        fc.asyncProperty(form, async (fields) => {
          const request = await adminRequest(path, { form: fields });
          expectSafe(
            await answer(() => mod.action!(args(request))),
            () => `${name} ${JSON.stringify(fields).slice(0, 300)}`,
          );
        }),
        { seed: SEED, numRuns: RUNS },
      );
      await expectInvariants();
    },
  );
});
