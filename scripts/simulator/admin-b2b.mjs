// Payment terms and B2B companies in the simulated Admin API (issue 25; docs/decisions/
// 2026-11-27-company-draft-terms.md). Only what the app reads: the shop's payment terms templates, a draft's
// or order's payment terms, and a customer's company contact profiles with their company, locations and the
// location's own terms (`buyerExperienceConfiguration.paymentTermsTemplate`).
import { PAYMENT_TERMS_TEMPLATES } from './admin-draft-orders.mjs';

/**
 * @typedef {{ __typename: 'CompanyLocation', id: string, name: string, paymentTermsTemplateId: string|null }} Location
 * @typedef {{ __typename: 'CompanyContact', id: string, customerId: string, isMainContact: boolean,
 *   locationIds: string[] }} Contact
 * @typedef {{ __typename: 'Company', id: string, name: string, locations: Location[], contacts: Contact[] }} Company
 */

/**
 * Every simulated shop has one B2B company: Acme Pty Ltd, its Sydney office on Net 30, and James Wilson
 * (Customer/1002) as its main contact there. Other customers are not company contacts.
 * @param {number} index @returns {Company[]}
 */
export function seedCompanies(index) {
  const n = (/** @type {number} */ base) => base + index * 1000;
  const location = /** @type {Location} */ ({
    __typename: 'CompanyLocation',
    id: `gid://shopify/CompanyLocation/${n(7_001)}`,
    name: 'Acme Sydney office',
    paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/4',
  });
  return [
    {
      __typename: 'Company',
      id: `gid://shopify/Company/${n(5_001)}`,
      name: 'Acme Pty Ltd',
      locations: [location],
      contacts: [
        {
          __typename: 'CompanyContact',
          id: `gid://shopify/CompanyContact/${n(6_001)}`,
          customerId: 'gid://shopify/Customer/1002',
          isMainContact: true,
          locationIds: [location.id],
        },
      ],
    },
  ];
}

// MoneyV2 as the simulator's other resolvers hand it over: cents, which its Decimal scalar writes as "44.0".
const money = (/** @type {number} */ cents, /** @type {string} */ currencyCode) => ({
  amount: cents,
  currencyCode,
});

/**
 * A draft's or order's stored terms as Shopify's `PaymentTerms`, with one schedule for `totalCents`.
 * @param {import('./admin-draft-orders.mjs').StoredPaymentTerms} terms @param {number} totalCents
 * @param {string} currency @param {number} nowMs
 */
export function paymentTermsView(terms, totalCents, currency, nowMs) {
  const overdue = Boolean(terms.dueAt && Date.parse(terms.dueAt) < nowMs);
  return {
    __typename: 'PaymentTerms',
    id: terms.id,
    paymentTermsName: terms.name,
    translatedName: terms.name,
    paymentTermsType: terms.type,
    dueInDays: terms.dueInDays,
    due: overdue,
    overdue,
    schedules: [
      {
        __typename: 'PaymentSchedule',
        id: terms.id.replace('PaymentTerms', 'PaymentSchedule'),
        issuedAt: terms.issuedAt,
        dueAt: terms.dueAt,
        completedAt: null,
        due: overdue,
        amount: money(totalCents, currency),
        balanceDue: money(totalCents, currency),
        totalBalance: money(totalCents, currency),
      },
    ],
  };
}

/**
 * @param {(all: unknown[], a: Record<string, unknown>) => unknown} paginate
 * @returns {Record<string, Record<string, (s: any, a: any, ctx: any) => unknown>>}
 */
export function b2bResolvers(paginate) {
  /** @param {any} ctx @returns {Company[]} */
  const companies = (ctx) => ctx.store.companies ?? [];
  const located = (/** @type {Company} */ c) => c.locations.map((l) => ({ ...l, company: c }));
  return {
    QueryRoot: {
      paymentTermsTemplates: (_s, a) =>
        PAYMENT_TERMS_TEMPLATES.filter(
          (t) => !a.paymentTermsType || t.paymentTermsType === a.paymentTermsType,
        ).map((t) => ({ __typename: 'PaymentTermsTemplate', translatedName: t.name, ...t })),
    },
    PaymentTerms: {
      paymentSchedules: (t, a) => paginate(t.schedules, a),
    },
    Customer: {
      companyContactProfiles: (c, _a, ctx) =>
        companies(ctx).flatMap((company) =>
          company.contacts.filter((k) => k.customerId === c.id).map((k) => ({ ...k, company })),
        ),
    },
    CompanyContact: {
      customer: (k, _a, ctx) => ctx.store.customerById.get(k.customerId) ?? null,
      roleAssignments: (k, a) =>
        paginate(
          located(k.company)
            .filter((l) => k.locationIds.includes(l.id))
            .map((l) => ({
              __typename: 'CompanyContactRoleAssignment',
              id: `${k.id.replace('CompanyContact', 'CompanyContactRoleAssignment')}-${l.id.split('/').pop()}`,
              company: k.company,
              companyContact: k,
              companyLocation: l,
            })),
          a,
        ),
    },
    Company: {
      locations: (c, a) => paginate(located(c), a),
      contacts: (c, a) =>
        paginate(
          c.contacts.map((k) => ({ ...k, company: c })),
          a,
        ),
    },
    CompanyLocation: {
      buyerExperienceConfiguration: (l) => {
        const template = PAYMENT_TERMS_TEMPLATES.find((t) => t.id === l.paymentTermsTemplateId);
        return {
          checkoutToDraft: false,
          editableShippingAddress: false,
          payNowOnly: false,
          deposit: null,
          paymentTermsTemplate: template ? { translatedName: template.name, ...template } : null,
        };
      },
    },
  };
}
