import type { Storefront } from '../../storefront.server';

// The logged-in shopper's name and picture come from Shopify (Admin API `customer` query); the app keeps
// no copy. Without an offline session or when Shopify cannot be reached, pages fall back to "Logged in".

export type CustomerProfile = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
  imageUrl: string | null;
};

const CUSTOMER_QUERY = `#graphql
  query CustomerProfile($id: ID!) {
    customer(id: $id) {
      id
      firstName
      lastName
      displayName
      defaultEmailAddress { emailAddress }
      image { url }
    }
  }`;

type CustomerNode = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  defaultEmailAddress: { emailAddress: string | null } | null;
  image: { url: string } | null;
};

export async function getCustomerProfile(
  storefront: Pick<Storefront, 'admin' | 'customerId'>,
): Promise<CustomerProfile | null> {
  if (!storefront.customerId) return null;
  const admin = await storefront.admin();
  if (!admin) return null;
  try {
    const response = await admin.graphql(CUSTOMER_QUERY, {
      variables: { id: `gid://shopify/Customer/${storefront.customerId}` },
    });
    const body = (await response.json()) as { data?: { customer: CustomerNode | null } };
    const customer = body.data?.customer;
    if (!customer) return null;
    return {
      id: storefront.customerId,
      firstName: customer.firstName,
      lastName: customer.lastName,
      displayName: customer.displayName,
      email: customer.defaultEmailAddress?.emailAddress ?? null,
      imageUrl: customer.image?.url ?? null,
    };
  } catch (error) {
    console.warn(
      'Could not load the customer profile from Shopify',
      error instanceof Error ? error.message : error,
    );
    return null;
  }
}
