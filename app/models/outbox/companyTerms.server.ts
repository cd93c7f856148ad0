import type { DraftOrderInput } from '../../lib/draftOrderInput';

// The company's draft on payment terms (issue 25; docs/decisions/2026-11-27-company-draft-terms.md): which
// terms (the shop's Net 30, or a B2B host's company location and its own terms) and the completion with
// draftOrderComplete(id) when the kitchen starts. `ask` runs one Admin GraphQL document (the draft sync's
// client, with its retry rules).

type Ask = <T>(query: string, variables: Record<string, unknown>) => Promise<T>;

const TERMS_TEMPLATES = `#graphql
  query CompanyTermsTemplates {
    paymentTermsTemplates(paymentTermsType: NET) { id name dueInDays paymentTermsType }
  }`;

const HOST_COMPANY = `#graphql
  query HostCompanyContact($id: ID!) {
    customer(id: $id) {
      companyContactProfiles {
        id
        company { id }
        roleAssignments(first: 10) {
          nodes { companyLocation { id buyerExperienceConfiguration { paymentTermsTemplate { id } } } }
        }
      }
    }
  }`;

const COMPLETE_DRAFT = `#graphql
  mutation CompleteCompanyDraft($id: ID!) {
    draftOrderComplete(id: $id) {
      draftOrder { id status order { id name displayFinancialStatus } }
      userErrors { field message }
    }
  }`;

/** The shop's Net 30 template (or its first NET one): the terms we choose when the host is not B2B. */
const PREFERRED_NET_DAYS = 30;

type HostCompanyAnswer = {
  customer: {
    companyContactProfiles: {
      id: string;
      company: { id: string };
      roleAssignments: {
        nodes: {
          companyLocation: {
            id: string;
            buyerExperienceConfiguration: { paymentTermsTemplate: { id: string } | null } | null;
          };
        }[];
      };
    }[];
  } | null;
};

/**
 * The company draft's terms: a B2B host (a company contact) buys for their company's location, on that
 * location's own terms; anyone else gets the shop's Net 30 template. Nothing when the shop has neither.
 */
export async function companyTerms(
  ask: Ask,
  hostCustomerId: string | null,
): Promise<Pick<DraftOrderInput, 'paymentTerms' | 'purchasingEntity'>> {
  if (hostCustomerId) {
    const found = await ask<HostCompanyAnswer>(HOST_COMPANY, { id: hostCustomerId });
    for (const profile of found.customer?.companyContactProfiles ?? []) {
      const location = profile.roleAssignments.nodes[0]?.companyLocation;
      if (!location) continue;
      const template = location.buyerExperienceConfiguration?.paymentTermsTemplate;
      return {
        purchasingEntity: {
          purchasingCompany: {
            companyId: profile.company.id,
            companyLocationId: location.id,
            companyContactId: profile.id,
          },
        },
        ...(template ? { paymentTerms: { paymentTermsTemplateId: template.id } } : {}),
      };
    }
  }
  const templates = await ask<{
    paymentTermsTemplates: { id: string; dueInDays: number | null; paymentTermsType: string }[];
  }>(TERMS_TEMPLATES, {});
  const net = templates.paymentTermsTemplates.filter((t) => t.paymentTermsType === 'NET');
  const chosen = net.find((t) => t.dueInDays === PREFERRED_NET_DAYS) ?? net[0];
  return chosen ? { paymentTerms: { paymentTermsTemplateId: chosen.id } } : {};
}

/** Completes the company's draft into an order awaiting payment on its terms; the order's id, or errors. */
export async function completeCompanyDraft(ask: Ask, draftId: string) {
  const done = await ask<{
    draftOrderComplete: {
      draftOrder: { id: string; status: string; order: { id: string; name: string } | null } | null;
      userErrors: { field: string[] | null; message: string }[];
    };
  }>(COMPLETE_DRAFT, { id: draftId });
  return {
    orderId: done.draftOrderComplete.draftOrder?.order?.id ?? null,
    userErrors: done.draftOrderComplete.userErrors,
  };
}
