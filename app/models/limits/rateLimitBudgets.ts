// Every rate limit's budget, with its reason. The counting lives in rateLimits.server.ts.
//
// Limits are per client (the shopper's address) and per order first; a shop-wide budget is only a
// ceiling, many times what one client may spend, so one anonymous visitor cannot use up a shop's budget and
// lock every other host of that shop out. Many people in one office share one public address, so the
// per-client numbers allow a whole office at once.
//
// Why these numbers:
// - Invitations, per order: 50 addresses per hour. An office group order rarely passes 30 people; 50
//   leaves room for a whole floor plus re-sends after typos, while a leaked host token can turn one order
//   into at most 50 unwanted e-mails an hour.
// - Invitations, per client: 100 addresses per hour: two busy orders from one office. Anyone can create
//   an order and become its host, so without this one visitor could multiply the per-order budget.
// - Invitations, per shop: 2,000 addresses per hour, a ceiling for the sender domain's reputation and the
//   SMTP provider's quota that 20 clients at their own limit still cannot reach.
// - Ownership-claim links, per order: 3 per 15 minutes ("it did not arrive, send again" twice). The link
//   only ever goes to the host's own address, so the risk is annoying the host, not reaching others.
// - Ownership-claim links, per client: 10 per hour; per shop 300 per hour (a ceiling 30 clients share).
// - Order look-ups (Find order, by-email API), per shop and client: 30 per 10 minutes. A person searching
//   for their order needs a handful of tries; this makes harvesting codes by guessing e-mail addresses or
//   codes slow (codes have 31^6 ≈ 887 million values).
// - Reads of an order by code or id (API), per shop and client: 600 per minute. Pages poll every few
//   seconds and an office shares an address; 10 a second stops scraping (seen: 165 a second from one
//   client) without touching real use.
// - Misses (a code, id or item that finds nothing), per shop and client: 60 per 10 minutes, one budget for
//   every look-up (countMiss, countingMisses; apps.group-order.limits.test.ts walks them). Real people
//   mistype a code a few times; guessing needs millions of tries.
// - Orders created (docs/decisions/2026-11-26-shop-order-budget.md, orderBudget.server.ts), per client:
//   20 per hour, an office's busiest day. Visitors who are not logged in also count per network (an IPv4
//   /24 or IPv6 /48: 40 per hour, two offices), since one attacker's addresses often share one, and
//   against the shop's anonymous ceiling: at least 500 per hour, more for a shop whose real orders need
//   it (a dynamic ceiling, given when the budget is taken). Logged-in customers (the id Shopify signs)
//   count per customer (20 per hour) and against a shop allowance of their own (500 per hour), so
//   strangers who spend the anonymous ceiling never lock them out. The refusals are tallied per shop for
//   a day, so the merchant's dashboard can say so.
// - Reminders a host sends by hand, per order: 1 per 15 minutes. Everyone who has not ordered gets one
//   e-mail each time, so this caps how often a group can be nagged (the automatic reminder is one more,
//   once per deadline). Per client: 10 per hour, so one visitor hosting many orders cannot multiply it.
// - Confirms (adding items), per client: 120 per minute. An office of 200 confirming in the last minutes
//   before the deadline stays under it; a script adding lines in a loop does not.
export const LIMITS = {
  invitesPerOrder: {
    points: 50,
    duration: 60 * 60,
    message: 'This order has sent as many invitations as it can for now.',
  },
  invitesPerClient: {
    points: 100,
    duration: 60 * 60,
    message: 'You have sent as many invitations as you can for now.',
  },
  invitesPerShop: {
    points: 2000,
    duration: 60 * 60,
    message: 'This shop has sent as many invitations as it can for now.',
  },
  claimsPerOrder: {
    points: 3,
    duration: 15 * 60,
    message: 'We have already sent several links for this order.',
  },
  claimsPerClient: {
    points: 10,
    duration: 60 * 60,
    message: 'You have asked for several ownership links already.',
  },
  claimsPerShop: {
    points: 300,
    duration: 60 * 60,
    message: 'Too many ownership links were requested in this shop.',
  },
  // A guest's one-time link ("same person, new phone"), like the host's: per name in an order 3 per 15
  // minutes, per client 10 per hour, per shop 300 per hour. It only goes to the guest's own address.
  guestLinksPerGuest: {
    points: 3,
    duration: 15 * 60,
    message: 'We have already sent several links for this name. Please check your inbox.',
  },
  guestLinksPerClient: {
    points: 10,
    duration: 60 * 60,
    message: 'You have asked for several links already.',
  },
  guestLinksPerShop: {
    points: 300,
    duration: 60 * 60,
    message: 'Too many links were requested in this shop.',
  },
  // Host links by e-mail (Find order → Your Email), per address: 3 per 15 minutes, like the claim links of
  // one order. The mail only ever goes to that address, so the risk is annoying its owner.
  hostLinksPerAddress: {
    points: 3,
    duration: 15 * 60,
    message: 'We have already e-mailed links to this address several times.',
  },
  lookups: { points: 30, duration: 10 * 60, message: 'Too many searches from your connection.' },
  orderReads: {
    points: 600,
    duration: 60,
    message: 'Too many requests for orders from your connection.',
  },
  orderMisses: {
    points: 60,
    duration: 10 * 60,
    message: 'Too many order codes or links that do not exist were tried from your connection.',
  },
  ordersPerClient: {
    points: 20,
    duration: 60 * 60,
    message: 'You have started as many group orders as you can for now.',
  },
  ordersPerNetwork: {
    points: 40,
    duration: 60 * 60,
    message: 'Many group orders were started from your network just now.',
  },
  // The anonymous ceiling's floor; orderBudget.server.ts raises it for a busy shop.
  ordersPerShop: {
    points: 500,
    duration: 60 * 60,
    message:
      'This shop has started as many group orders as it can for now. Customers who log in to the store can still start one.',
  },
  ordersPerCustomer: {
    points: 20,
    duration: 60 * 60,
    message: 'You have started as many group orders as you can for now.',
  },
  ordersPerShopCustomers: {
    points: 500,
    duration: 60 * 60,
    message: 'This shop has started as many group orders as it can for now.',
  },
  // A tally, not a limit: orders the anonymous ceiling refused in the last day, for the merchant.
  ordersRefusedPerShop: {
    points: Number.MAX_SAFE_INTEGER,
    duration: 24 * 60 * 60,
    message: 'This shop has refused many group orders today.',
  },
  remindersPerOrder: {
    points: 1,
    duration: 15 * 60,
    message: 'A reminder for this order went out a moment ago.',
  },
  remindersPerClient: {
    points: 10,
    duration: 60 * 60,
    message: 'You have sent as many reminders as you can for now.',
  },
  confirmsPerClient: {
    points: 120,
    duration: 60,
    message: 'Too many orders were confirmed from your connection just now.',
  },
} as const;

export type LimitName = keyof typeof LIMITS;
