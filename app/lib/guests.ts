// A guest is a person, not a display name. Pure rules shared by the pages and the server. No zod here:
// the pages that use these must not ship a validation library (GuestTokenSchema is in guestSchema.ts).

/** "  Bob  ", "bob" and "BOB" are one name in an order; "Bob K." is another. */
export function guestNameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Which person an item belongs to, for grouping items by guest: the guest's id, or for items from before
 * guests had ids, the name key. Two people called Bob stay two people.
 */
export function personKey(item: { guestId?: number | null; guestName: string }): string {
  return item.guestId ? `guest:${item.guestId}` : `name:${guestNameKey(item.guestName)}`;
}

/** Where this browser keeps its guest token for an order (cookies do not pass Shopify's app proxy). */
export function guestTokenKey(groupOrderId: number | string) {
  return `group-order:guest-token:${groupOrderId}`;
}

/** Where this browser keeps the e-mail address its guest gave for an order (never in a URL). */
export function guestEmailKey(groupOrderId: number | string) {
  return `group-order:guest-email:${groupOrderId}`;
}

/** Where this browser keeps its device key for usual orders (usualOrders.server.ts). */
export const DEVICE_KEY_KEY = 'group-order:device-key';

/** Where the Review page keeps the guest's unsent special instructions, per order and guest. */
export function noteDraftKey(groupOrderId: number | string, guestName: string) {
  return `group-order:note:${groupOrderId}:${guestNameKey(guestName)}`;
}

export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

/** Said on the join screen (and by the API) when another person already uses this name in the order. */
export function nameTakenMessage(name: string) {
  const { first } = nameTakenValues(name);
  return `Someone called ${name.trim()} has already joined this order. Please add something to tell you apart, for example "${first} K.".`;
}

/** The name and its first word, as the sentence above (api.guest.nameTaken) puts them in. */
export function nameTakenValues(name: string) {
  return { name: name.trim(), first: name.trim().split(/\s+/)[0] || name.trim() };
}

export const NOT_YOUR_ORDER_MESSAGE =
  'These items belong to someone else, or were ordered in another browser. If they are yours, ask for a link by e-mail to open them here.';
