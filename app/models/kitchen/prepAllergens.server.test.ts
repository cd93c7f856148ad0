import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { TEST_SHOP } from '../../../test/support/requests';
import { confirmCart } from '../groupOrder/orderItems.server';
import { getPrepOrder } from './prepBoard.server';

// The kitchen's view of allergens (issue 26): each line's allergens as made, the guest's own flags, and a
// warning on a line whose guest avoids something it has, on the board, the labels and the order sheet.

/** Nina (avoids milk: a Flat White with soy, a Long Black) and Sam (a Flat White), submitted. */
let menu: Awaited<ReturnType<typeof seedMenu>>;
beforeAll(async () => {
  menu = await seedMenu(TEST_SHOP);
});

async function ninaAndSam(run: string) {
  const id = (name: string) => menu.find((item) => item.name === name)!.id;
  const soy = await prisma.modifier.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Soy' } });
  const { order } = await createTestGroupOrder();
  await confirmCart(TEST_SHOP, {
    groupOrderId: order.id,
    confirmationKey: `kitchen-allergens-${run}-1`,
    guestName: 'Nina',
    guestToken: `nina-phone-token-${run}-0000001`,
    specialInstructions: null,
    avoids: 'milk',
    items: [
      { menuItemId: id('Flat White'), quantity: 1, selectedModifiers: [soy.id] },
      { menuItemId: id('Long Black'), quantity: 1, selectedModifiers: [] },
    ],
  });
  await confirmCart(TEST_SHOP, {
    groupOrderId: order.id,
    confirmationKey: `kitchen-allergens-${run}-2`,
    guestName: 'Sam',
    specialInstructions: null,
    items: [{ menuItemId: id('Flat White'), quantity: 1, selectedModifiers: [] }],
  });
  await prisma.groupOrder.update({
    where: { id: order.id },
    data: { status: 'submitted', submittedAt: new Date() },
  });
  return order;
}

describe('allergens in the kitchen', () => {
  it('prints each line as made with the guest’s flags, and flags a line that has what they avoid', async () => {
    const order = await ninaAndSam('en');
    const board = (await getPrepOrder(TEST_SHOP, order.id, { kind: 'labels', language: 'en' }))!;
    const nina = board.guests.find((g) => g.name === 'Nina')!;
    expect(nina.avoids).toBe('Avoids: milk');
    expect(nina.lines).toEqual([
      expect.objectContaining({
        title: 'Flat White · Soy',
        facts: 'vegetarian; allergens: soybeans, milk',
        conflict: 'CHECK: has milk',
      }),
      expect.objectContaining({ title: 'Long Black', facts: 'vegetarian; vegan', conflict: null }),
    ]);
    const sam = board.guests.find((g) => g.name === 'Sam')!;
    expect(sam).toMatchObject({ avoids: '' });
    expect(sam.lines[0]).toMatchObject({ facts: 'vegetarian; allergens: milk', conflict: null });
    const label = board.labels.find((l) => l.guestName === 'Nina' && l.item === 'Flat White');
    expect(label).toMatchObject({ avoids: 'Avoids: milk', conflict: 'CHECK: has milk' });
  });

  it('prints a guest’s labels in their language and the order sheet in the host’s', async () => {
    const order = await ninaAndSam('lang');
    await prisma.guest.updateMany({
      where: { groupOrderId: order.id, name: 'Nina' },
      data: { language: 'fr' },
    });
    await prisma.groupOrder.update({ where: { id: order.id }, data: { hostLanguage: 'de' } });

    const labels = (await getPrepOrder(TEST_SHOP, order.id, { kind: 'labels', language: 'en' }))!;
    const nina = labels.labels.filter((l) => l.guestName === 'Nina');
    expect(nina[0]).toMatchObject({
      language: 'fr',
      item: 'Flat White',
      ariaLabel: 'Étiquette de Nina : Flat White',
      facts: 'végétarien ; allergènes : soja et lait',
      conflict: 'VÉRIFIER : contient lait',
      avoids: 'Évite : lait',
    });
    expect(nina[1]).toMatchObject({ item: 'Long Black', facts: 'végétarien ; végan', conflict: null });
    // French times on a 24-hour clock; Sam has no language stored: the shop's (en-AU), as before.
    expect(nina[0].pickupTime).toMatch(/^\d{2}:\d{2}$/);
    const sam = labels.labels.find((l) => l.guestName === 'Sam')!;
    expect(sam).toMatchObject({
      language: 'en',
      ariaLabel: 'Label for Sam: Flat White',
      facts: 'vegetarian; allergens: milk',
      avoids: '',
    });
    expect(sam.pickupTime).toMatch(/^\d{1,2}:\d{2} [ap]m$/);
    // The toolbar around the roll is the merchant's.
    expect(labels.toolbar).toMatchObject({
      print: 'Print',
      labelCount: `3 labels for ${order.code} · 62 mm roll`,
    });

    const sheet = (await getPrepOrder(TEST_SHOP, order.id, { kind: 'sheet', language: 'en' }))!;
    expect(sheet).toMatchObject({
      language: 'de',
      stateLabel: 'Abgeschickt',
      texts: { items: '3 Artikel', toMake: 'Zuzubereiten', byGuest: 'Nach Gast' },
    });
    expect(sheet.texts.when).toMatch(/^Abholung \S+ \d{1,2}\. \S+, \d{2}:\d{2}$/);
    const host = sheet.guests.find((g) => g.name === 'Nina')!;
    expect(host.avoids).toBe('Meidet: Milch');
    expect(host.lines[0]).toMatchObject({
      facts: 'vegetarisch; Allergene: Soja, Milch',
      conflict: 'PRÜFEN: enthält Milch',
    });
    expect(sheet.toolbar).toMatchObject({ print: 'Print', title: `Order sheet · ${order.code}` });
  });

  it('prints in the shop’s language when the reader’s is not known', async () => {
    const order = await ninaAndSam('shop');
    await prisma.shopSettings.update({ where: { shop: TEST_SHOP }, data: { locale: 'fr-FR' } });
    try {
      const sheet = (await getPrepOrder(TEST_SHOP, order.id, { kind: 'sheet', language: 'en' }))!;
      expect(sheet).toMatchObject({ language: 'fr', texts: { items: '3 articles', toMake: 'À préparer' } });
      const label = sheet.labels.find((l) => l.guestName === 'Nina')!;
      expect(label).toMatchObject({ language: 'fr', conflict: 'VÉRIFIER : contient lait' });
    } finally {
      await prisma.shopSettings.update({ where: { shop: TEST_SHOP }, data: { locale: 'en-AU' } });
    }
  });
});
