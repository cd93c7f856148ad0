import type { DraftOrderSource } from '../../app/lib/draftOrderInput';

/**
 * The group order a draft-order input is built from: Hannah's delivery for Acme to George St, on account,
 * picked up 1 July 2026 12:15 in Sydney. Each test names what it needs to be different.
 */
export function draftOrderSource(overrides: Partial<DraftOrderSource> = {}): DraftOrderSource {
  return {
    id: 1,
    code: 'ABC234',
    name: null,
    hostName: 'Hannah',
    hostEmail: 'hannah@example.com',
    companyName: 'Acme',
    orderType: 'delivery',
    deliveryAddress: '1 George St, Sydney',
    paymentMethod: 'on-account',
    pickupAt: new Date('2026-07-01T02:15:00Z'),
    timeZone: 'Australia/Sydney',
    currency: 'AUD',
    instructions: null,
    ...overrides,
  };
}
