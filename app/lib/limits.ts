// Every size limit of the app in one place. Each is far above what a real coffee or lunch run needs and
// low enough that one client cannot make an order (or a request) big enough to slow the shop or to fail
// the Shopify hand-off. docs/limits.md lists them; rate limits (per time) are in
// app/models/limits/rateLimits.server.ts. ORDER_LIMITS are checked in one place for every write that
// adds items or changes a quantity: app/models/groupOrder/itemLimits.server.ts.

export const ORDER_LIMITS = {
  // The hand-off sends one draft-order line per item in one mutation. Shopify draft orders hold at most
  // 499 lines, and the Admin API takes at most 250 elements in one input array (the simulator answers
  // "The input array size of 251 is greater than the maximum allowed of 250"), so 250 is the most an
  // order can have and still reach Shopify. That is 200 guests with one item each plus 50 seconds.
  linesPerOrder: 250,
  // A 200-person all-hands must work. 220 names leaves the last 30 lines for people already in the order
  // (a second item), rather than letting newcomers take every line.
  guestsPerOrder: 220,
  // One person's items in one order: a coffee and a pastry is typical; someone collecting for a small
  // team might reach 10-15. Also bounds a single confirm (the Review page sends the whole cart at once).
  linesPerGuest: 30,
  // Units per line (MAX_QUANTITY in pricing.ts, 20) and units per guest across their lines.
  quantityPerGuest: 60,
} as const;

export const ORDER_LIMIT_MESSAGES = {
  linesPerOrder: `This group order is full: it already holds ${ORDER_LIMITS.linesPerOrder} items, the most one order can send to the shop. Ask the host to start another order for the rest.`,
  guestsPerOrder: `This group order is full: ${ORDER_LIMITS.guestsPerOrder} people have already ordered. Ask the host to start another order for the rest.`,
  linesPerGuest: `You can add at most ${ORDER_LIMITS.linesPerGuest} different items to one group order. Combine items or ask the host about a catering order.`,
  quantityPerGuest: `You can order at most ${ORDER_LIMITS.quantityPerGuest} items in one group order. For more, ask the host about a catering order.`,
} as const;

// Request bodies. The largest legitimate body is an invitation list of 50 addresses or a whole cart
// (30 lines with modifiers and a note): a few kilobytes. 64 KB is ten times that; anything larger is
// refused before it is read. server/limit-body.mjs applies TRANSPORT_BODY_LIMIT to every request (keep the two in
// step); the app's body reader applies the per-kind limits, so route tests cover them too.
export const BODY_LIMITS = {
  json: 64 * 1024,
  form: 64 * 1024,
} as const;

export const TRANSPORT_BODY_LIMIT = 64 * 1024;
