import { describe, expect, it } from 'vitest';
import { orderTitle, timeLabel } from './groupOrder';

describe('the one order title (storefront, admin, e-mails, Shopify)', () => {
  it('is the name, else "<company> Order" — never a second fallback', () => {
    expect(orderTitle({ name: 'Friday coffee', companyName: 'Acme Pty Ltd' })).toBe('Friday coffee');
    expect(orderTitle({ name: null, companyName: 'Acme Pty Ltd' })).toBe('Acme Pty Ltd Order');
    expect(orderTitle({ name: '   ', companyName: 'Acme Pty Ltd' })).toBe('Acme Pty Ltd Order');
  });
});

describe('timeLabel', () => {
  it('calls a delivery order’s time Delivery, and a pickup’s Pickup', () => {
    expect(timeLabel('delivery')).toBe('Delivery');
    expect(timeLabel('pickup')).toBe('Pickup');
  });
});
