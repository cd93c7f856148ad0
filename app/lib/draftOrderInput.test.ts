import { describe, expect, it } from 'vitest';
import { draftOrderSource } from '../../test/support/draftOrders';
import { buildDraftOrderInput, lineTitle } from './draftOrderInput';

const order = draftOrderSource({ instructions: '   ' });

describe('draft-order input', () => {
  it('titles custom lines with the modifiers a kitchen needs to read', () => {
    expect(lineTitle('Flat White', [{ name: 'Large' }, { name: 'Oat' }])).toBe('Flat White — Large, Oat');
    expect(lineTitle('Espresso', [])).toBe('Espresso');
  });

  it('uses a delivery shipping line and delivery attributes in the shop zone, and tags the payment method', () => {
    const input = buildDraftOrderInput(
      order,
      [
        {
          guestName: 'Sam',
          guestInitials: null,
          menuItemName: 'Latte',
          quantity: 1,
          unitPriceCents: 550,
          specialInstructions: null,
          modifiers: [],
          shopifyVariantId: null,
        },
      ],
      { kitchenName: 'Bridge St' },
    );
    expect(input.shippingLine).toEqual({
      title: 'Delivery',
      priceWithCurrency: { amount: '0.00', currencyCode: 'AUD' },
    });
    expect(input.note).toBeNull();
    expect(input.tags).toEqual(['group-order', 'group-order-ABC234', 'on-account']);
    expect(input.customAttributes).toEqual(
      expect.arrayContaining([
        { key: 'Delivery date', value: '2026-07-01' },
        { key: 'Delivery time', value: '12:15' },
        { key: 'Delivery address', value: '1 George St, Sydney' },
        { key: 'Payment method', value: 'On Account (Billed Monthly)' },
        // Unnamed: the one title rule (orderTitle), as the admin and the e-mails say it.
        { key: 'Group order', value: 'Acme Order' },
      ]),
    );
    expect(input.lineItems[0]).toEqual({
      title: 'Latte',
      quantity: 1,
      originalUnitPriceWithCurrency: { amount: '5.50', currencyCode: 'AUD' },
      requiresShipping: false,
      taxable: true,
      customAttributes: [{ key: 'Guest', value: 'Sam' }],
    });
  });
});

describe("a guest's note", () => {
  it('is sent once per guest, on their first line, never repeated under every line', () => {
    const line = (guestId: number, guestName: string, menuItemName: string, note: string | null) => ({
      guestId,
      guestName,
      guestInitials: null,
      menuItemName,
      quantity: 1,
      unitPriceCents: 500,
      specialInstructions: note,
      modifiers: [],
      shopifyVariantId: null,
    });
    const input = buildDraftOrderInput(
      order,
      [
        line(1, 'Bob', 'Flat White', 'No sugar'),
        line(2, 'Bob K.', 'Latte', null),
        line(1, 'Bob', 'Almond Croissant', 'No sugar'),
      ],
      { kitchenName: 'Bridge St' },
    );
    const notes = input.lineItems.map(
      (item) => item.customAttributes.find((a) => a.key === 'Notes')?.value ?? null,
    );
    expect(notes).toEqual(['No sugar', null, null]);
  });

  it("sends a line's own note on that line only, as its Item note, beside the guest's note", () => {
    const base = {
      guestId: 1,
      guestName: 'Bob',
      guestInitials: null,
      quantity: 1,
      unitPriceCents: 500,
      specialInstructions: 'Call me at the door',
      modifiers: [],
      shopifyVariantId: null,
    };
    const input = buildDraftOrderInput(
      order,
      [
        { ...base, menuItemName: 'Flat White', lineNote: null },
        { ...base, menuItemName: 'Croissant', lineNote: 'heated' },
      ],
      { kitchenName: 'Bridge St' },
    );
    expect(input.lineItems.map((item) => item.customAttributes)).toEqual([
      [
        { key: 'Guest', value: 'Bob' },
        { key: 'Notes', value: 'Call me at the door' },
      ],
      [
        { key: 'Guest', value: 'Bob' },
        { key: 'Item note', value: 'heated' },
      ],
    ]);
  });
});
