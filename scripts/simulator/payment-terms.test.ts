import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../test/support/requests';
import { createAdminApiSimulator, DEMO_SHOP } from './admin-graphql.mjs';

// The simulator plays payment terms and B2B companies (issue 25; 2026-11-27-company-draft-terms.md): the
// shop's templates, terms on a draft, a draft completed on terms becoming a PENDING order, and a company
// contact's company, location and the location's own terms. Every document is validated against the
// 2026-10 Admin schema by the simulator itself (an invalid one answers errors, not data).

type Sim = ReturnType<typeof createAdminApiSimulator>;
const TOKEN = { 'X-Shopify-Access-Token': 'shpat_simulated' };

let sim: Sim;
beforeEach(() => {
  sim = createAdminApiSimulator({ shops: [DEMO_SHOP] });
});

async function gql(query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const res = await sim.handle(DEMO_SHOP, { query, variables }, TOKEN);
  expect(res.status).toBe(200);
  expect(res.json.errors).toBeUndefined();
  return res.json.data;
}

const TEMPLATES = `#graphql
  query Templates($type: PaymentTermsType) {
    paymentTermsTemplates(paymentTermsType: $type) { id name dueInDays paymentTermsType translatedName }
  }`;

const CREATE = `#graphql
  mutation TermsDraft($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) {
      draftOrder {
        id
        paymentTerms {
          paymentTermsName paymentTermsType dueInDays
          paymentSchedules(first: 1) { nodes { dueAt issuedAt amount { amount currencyCode } } }
        }
      }
      userErrors { field message }
    }
  }`;

const COMPLETE = `#graphql
  mutation Complete($id: ID!) {
    draftOrderComplete(id: $id) {
      draftOrder {
        status
        order {
          id displayFinancialStatus
          totalOutstandingSet { shopMoney { amount } }
          paymentTerms { paymentTermsName paymentTermsType }
        }
      }
      userErrors { field message }
    }
  }`;

const CONTACT = `#graphql
  query Contact($id: ID!) {
    customer(id: $id) {
      companyContactProfiles {
        id isMainContact
        company { id name }
        roleAssignments(first: 5) {
          nodes {
            companyLocation {
              id name
              buyerExperienceConfiguration { paymentTermsTemplate { id name dueInDays } }
            }
          }
        }
      }
    }
  }`;

const line = {
  title: 'Catering',
  quantity: 1,
  originalUnitPriceWithCurrency: { amount: '44.00', currencyCode: 'AUD' },
};

describe('payment terms in the simulator', () => {
  it('lists the shop’s templates, by type', async () => {
    const all = await gql(TEMPLATES);
    expect(all.paymentTermsTemplates.map((t: Answer) => t.name)).toContain('Net 30');
    const net = await gql(TEMPLATES, { type: 'NET' });
    expect(net.paymentTermsTemplates.every((t: Answer) => t.paymentTermsType === 'NET')).toBe(true);
    expect(net.paymentTermsTemplates.map((t: Answer) => t.dueInDays)).toEqual([7, 15, 30, 45, 60, 90]);
  });

  it('a draft on Net 30 shows its terms; completed, it is an order awaiting payment on those terms', async () => {
    const { paymentTermsTemplates } = await gql(TEMPLATES, { type: 'NET' });
    const net30 = paymentTermsTemplates.find((t: Answer) => t.dueInDays === 30);
    const issuedAt = '2026-11-27T00:00:00Z';
    const created = await gql(CREATE, {
      input: {
        lineItems: [line],
        paymentTerms: { paymentTermsTemplateId: net30.id, paymentSchedules: [{ issuedAt }] },
      },
    });
    const draft = created.draftOrderCreate.draftOrder;
    expect(draft.paymentTerms).toMatchObject({
      paymentTermsName: 'Net 30',
      paymentTermsType: 'NET',
      dueInDays: 30,
    });
    expect(draft.paymentTerms.paymentSchedules.nodes[0]).toMatchObject({
      dueAt: '2026-12-27T00:00:00.000Z',
      amount: { amount: '44.0', currencyCode: 'AUD' },
    });

    const done = await gql(COMPLETE, { id: draft.id });
    expect(done.draftOrderComplete.userErrors).toEqual([]);
    expect(done.draftOrderComplete.draftOrder.status).toBe('COMPLETED');
    expect(done.draftOrderComplete.draftOrder.order).toMatchObject({
      displayFinancialStatus: 'PENDING',
      totalOutstandingSet: { shopMoney: { amount: '44.0' } },
      paymentTerms: { paymentTermsName: 'Net 30', paymentTermsType: 'NET' },
    });
  });

  it('refuses an unknown template and fixed terms without a due date, and stores nothing', async () => {
    const unknown = await gql(CREATE, {
      input: {
        lineItems: [line],
        paymentTerms: { paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/999' },
      },
    });
    expect(unknown.draftOrderCreate.userErrors[0].field).toEqual(['paymentTerms', 'paymentTermsTemplateId']);
    const fixed = await gql(CREATE, {
      input: {
        lineItems: [line],
        paymentTerms: { paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/7' },
      },
    });
    expect(fixed.draftOrderCreate.userErrors[0].message).toMatch(/due date/i);
    expect(sim.state.draftOrders).toHaveLength(0);
  });
});

describe('B2B companies in the simulator', () => {
  it('a company contact’s company, location and the location’s own terms; other customers have none', async () => {
    const james = await gql(CONTACT, { id: 'gid://shopify/Customer/1002' });
    const [profile] = james.customer.companyContactProfiles;
    expect(profile.company.name).toBe('Acme Pty Ltd');
    const location = profile.roleAssignments.nodes[0].companyLocation;
    expect(location.buyerExperienceConfiguration.paymentTermsTemplate).toMatchObject({ name: 'Net 30' });
    const olivia = await gql(CONTACT, { id: 'gid://shopify/Customer/1001' });
    expect(olivia.customer.companyContactProfiles).toEqual([]);

    // A draft bought for the company: the contact's customer becomes the draft's customer.
    const created = await gql(CREATE, {
      input: {
        lineItems: [line],
        purchasingEntity: {
          purchasingCompany: {
            companyId: profile.company.id,
            companyLocationId: location.id,
            companyContactId: profile.id,
          },
        },
        paymentTerms: {
          paymentTermsTemplateId: location.buyerExperienceConfiguration.paymentTermsTemplate.id,
        },
      },
    });
    expect(created.draftOrderCreate.userErrors).toEqual([]);
    const stored = sim.state.draftOrders[0] as Answer;
    expect(stored.customerId).toBe('gid://shopify/Customer/1002');
    expect(stored.purchasingCompany).toMatchObject({ companyLocationId: location.id });

    // A location of another company, or a contact that is not the company's, is refused.
    const wrong = await gql(CREATE, {
      input: {
        lineItems: [line],
        purchasingEntity: {
          purchasingCompany: {
            companyId: profile.company.id,
            companyLocationId: 'gid://shopify/CompanyLocation/1',
            companyContactId: profile.id,
          },
        },
      },
    });
    expect(wrong.draftOrderCreate.userErrors[0].field).toEqual([
      'purchasingEntity',
      'purchasingCompany',
      'companyLocationId',
    ]);
  });
});
