import { confirmCart } from '~/models/groupOrder/orderItems.server';
import { TEST_SHOP } from './requests';

// Import this after pointing SHOPIFY_ADMIN_API_ORIGIN at a simulated Admin API: the confirm's model
// code reads it when it loads.

let confirms = 0;

/** The browser token a test guest holds (the same for every confirm of that name). */
export const guestTokenOf = (guestName: string) => `token-${guestName}-000000000000000000`;

/**
 * `guestName` confirms `quantity` of one menu item in the test shop, as the storefront's confirm does: a
 * new confirmation key each time, an e-mail and a browser token made from the name.
 */
export function confirmAs(groupOrderId: number, guestName: string, menuItemId: number, quantity = 1) {
  confirms += 1;
  return confirmCart(TEST_SHOP, {
    groupOrderId,
    confirmationKey: `key-${guestName}-${confirms}`,
    guestName,
    guestInitials: null,
    guestEmail: `${guestName.toLowerCase()}@example.com`,
    guestToken: guestTokenOf(guestName),
    specialInstructions: null,
    items: [{ menuItemId, quantity, selectedModifiers: [] }],
  } as Parameters<typeof confirmCart>[1]);
}
