// Texts the spec quotes and both server and browser use.
export const STORE_ACCESS_REQUIRED = 'Shopify Store Access Required';
