import path from 'node:path';
import { Kind, getVariableValues, parse, validate, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildDraftOrderInput, type DraftOrderSourceItem } from '../../app/lib/draftOrderInput';
import { buildShareDraftInput } from '../../app/lib/shareDraftInput';
import { ADMIN_API_VERSION, loadAdminSchema } from '../../scripts/shopify-schema.mjs';
import { defineScalars } from '../../scripts/simulator/admin-resolvers.mjs';
import { draftOrderSource } from '../support/draftOrders';
import { collectGraphqlDocuments, extractGraphqlDocuments } from '../support/graphqlDocuments';

// Every GraphQL document the app sends to the Admin API, validated against Shopify's own Admin schema for
// the app's API version (scripts/shopify-schema.mjs): a misspelt or removed field fails here, not in a shop.

const schema = loadAdminSchema();
// Money and Decimal inputs must be decimal numbers, as Shopify reads them.
defineScalars(schema);
const documents = collectGraphqlDocuments(path.resolve('app'));

const operationsOf = (source: string) =>
  parse(source).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
const operations = documents.flatMap((doc) =>
  operationsOf(doc.source).map((operation) => ({ ...doc, operation })),
);
const operation = (name: string) => {
  const found = operations.find((o) => o.operation.name?.value === name);
  if (!found) throw new Error(`No #graphql operation ${name} in app/`);
  return found.operation;
};

const errorsOf = (source: string) => validate(schema, parse(source)).map((e) => e.message);

describe(`the app's Admin GraphQL documents against Shopify's ${ADMIN_API_VERSION} schema`, () => {
  it('finds the documents the app sends', () => {
    expect(operations.map((o) => o.operation.name?.value)).toEqual(
      expect.arrayContaining([
        'ImportProducts',
        'ImportCollectionProducts',
        'ImportCollections',
        'ShopPrimaryDomain',
        'ShopDefaults',
        'ShopLocales',
        'CustomerProfile',
        'FindGroupOrderDraft',
        'CreateGroupOrderDraft',
        'UpdateGroupOrderDraft',
        'SendGroupOrderInvoice',
        'FindShareDrafts',
        'CreateShareDraft',
        'UpdateShareDraft',
        'DeleteShareDraft',
      ]),
    );
  });

  it('validates every operation', () => {
    for (const doc of documents.filter((d) => operationsOf(d.source).length)) {
      expect({ file: doc.file, name: doc.name, errors: errorsOf(doc.source) }).toEqual({
        file: doc.file,
        name: doc.name,
        errors: [],
      });
    }
  });

  it('validates every fragment as part of an operation that uses it', () => {
    const fragments = documents.flatMap((d) =>
      parse(d.source).definitions.flatMap((def) =>
        def.kind === Kind.FRAGMENT_DEFINITION ? [def.name.value] : [],
      ),
    );
    expect(fragments.length).toBeGreaterThan(0);
    for (const name of fragments) {
      const users = operations.filter((o) => o.source.includes(`...${name}`));
      expect({ fragment: name, usedBy: users.length > 0 }).toEqual({ fragment: name, usedBy: true });
    }
  });

  it('accepts the DraftOrderInput the app builds as $input of draftOrderCreate and draftOrderUpdate', () => {
    const input = sampleDraftOrderInput();
    for (const name of ['CreateGroupOrderDraft', 'UpdateGroupOrderDraft']) {
      const { errors } = getVariableValues(schema, operation(name).variableDefinitions ?? [], {
        id: 'gid://shopify/DraftOrder/1',
        input,
      });
      expect({ name, errors: errors?.map((e) => e.message) }).toEqual({ name, errors: undefined });
    }
  });

  it("accepts a guest share's DraftOrderInput (own lines, fee and tip lines, the company's discount)", () => {
    const input = buildShareDraftInput({
      order: { id: 7, code: 'ABC123', currency: 'AUD' },
      share: { id: 3, feesCents: 120, tipCents: 55, companyCents: 1500 },
      guest: { name: 'Ann', email: 'ann@example.com' },
      items: [
        {
          menuItemName: 'Flat White',
          quantity: 2,
          unitPriceCents: 620,
          modifiers: [{ name: 'Oat' }],
          shopifyVariantId: 'gid://shopify/ProductVariant/1',
        },
        { menuItemName: 'Toastie', quantity: 1, unitPriceCents: 1250, modifiers: [], shopifyVariantId: null },
      ],
    });
    expect(input.appliedDiscount).toEqual({ valueType: 'FIXED_AMOUNT', value: 15, title: 'Company budget' });
    for (const name of ['CreateShareDraft', 'UpdateShareDraft']) {
      const { errors } = getVariableValues(schema, operation(name).variableDefinitions ?? [], {
        id: 'gid://shopify/DraftOrder/1',
        input,
      });
      expect({ name, errors: errors?.map((e) => e.message) }).toEqual({ name, errors: undefined });
    }
    const { errors } = getVariableValues(schema, operation('DeleteShareDraft').variableDefinitions ?? [], {
      input: { id: 'gid://shopify/DraftOrder/1' },
    });
    expect(errors).toBeUndefined();
  });

  it('reports a misspelt field, an unknown input field and a malformed amount (the check can fail)', () => {
    const profile = documents.find((d) => d.source.includes('query CustomerProfile'));
    expect(profile).toBeDefined();
    const misspelt = profile!.source.replace('displayName', 'displayNme');
    expect(errorsOf(misspelt)).toEqual([
      expect.stringContaining('Cannot query field "displayNme" on type "Customer"'),
    ]);
    expect(errorsOf('query { shop { primaryDomain { url } currency } }')).toHaveLength(1);

    const create = operation('CreateGroupOrderDraft').variableDefinitions ?? [];
    const input = sampleDraftOrderInput();
    const unknown = getVariableValues(schema, create, { input: { ...input, notes: 'x' } });
    expect(unknown.errors?.map((e) => e.message)).toEqual([
      expect.stringContaining('"notes" is not defined'),
    ]);
    const [line] = input.lineItems;
    const badAmount = getVariableValues(schema, create, {
      input: {
        ...input,
        lineItems: [{ ...line, originalUnitPriceWithCurrency: { amount: '5,50', currencyCode: 'AUD' } }],
      },
    });
    expect(badAmount.errors).toHaveLength(1);
  });

  it('refuses to guess an interpolation it cannot resolve', () => {
    const text = 'const Q = `#graphql query A { shop { ...F } } ${OTHER}`;';
    expect(() => extractGraphqlDocuments(text, 'x.ts')).toThrow(/OTHER/);
    const ok = extractGraphqlDocuments(
      'const F = `#graphql fragment F on Shop { name }`;\nconst Q = `#graphql query A { shop { ...F } } ${F}`;',
      'x.ts',
    );
    expect(ok[1].source).toContain('fragment F on Shop');
    expect(errorsOf(ok[1].source)).toEqual([]);
  });
});

/** A submitted delivery order with a Shopify variant line (with its own note) and a custom line with modifiers and a note. */
function sampleDraftOrderInput() {
  const items: DraftOrderSourceItem[] = [
    {
      guestId: 1,
      guestName: 'Ann',
      guestInitials: 'AN',
      menuItemName: 'Flat White',
      quantity: 2,
      unitPriceCents: 620,
      specialInstructions: 'Extra hot please',
      modifiers: [{ name: 'Large' }, { name: 'Oat' }],
      shopifyVariantId: null,
    },
    {
      guestId: 2,
      guestName: 'Bo',
      guestInitials: null,
      menuItemName: 'Banana Bread',
      quantity: 1,
      unitPriceCents: 650,
      specialInstructions: null,
      // A line's own note: its own custom attribute (Item note).
      lineNote: 'heated',
      modifiers: [],
      shopifyVariantId: 'gid://shopify/ProductVariant/46000000001',
    },
  ];
  return buildDraftOrderInput(
    draftOrderSource({ id: 7, name: 'Friday coffee', instructions: 'Leave at reception' }),
    items,
    { kitchenName: 'Bridge St' },
  );
}
