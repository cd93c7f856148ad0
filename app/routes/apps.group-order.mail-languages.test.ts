import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { utcToZoned } from '~/lib/time';
import { moveKitchenState } from '~/models/kitchen/kitchen.server';
import { deliverQueuedEmails } from '~/models/mail/mail.server';
import { setGroupOrderStatus } from '~/models/groupOrder/submitOrder.server';
import { createOrderBody, createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { openMailbox, type ReceivedMail } from '../../test/support/mailbox';
import { args, call, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { action as confirm } from './apps.group-order.api.order-items';
import { action as create } from './apps.group-order.api.group-orders';
import { action as changeItem } from './apps.group-order.api.order-items.$id';

// Each e-mail in the language its reader used (issue 26): the storefront API keeps the page's language
// (its signed `locale`, else the browser's Accept-Language) as the guest's and the host's, and the e-mails
// are written in it, through the real SMTP path. A reader who named none reads the shop's (English here).

let mailbox: Awaited<ReturnType<typeof openMailbox>>;
beforeAll(async () => {
  mailbox = await openMailbox();
});
afterAll(() => mailbox.close());

/** Delivers what is queued and answers with the messages the mailbox received for `to`, in order. */
async function deliveredTo(to: string): Promise<ReceivedMail[]> {
  const queued = await prisma.outboxMessage.findMany({
    where: { kind: 'email', status: 'pending' },
    select: { id: true },
  });
  await deliverQueuedEmails(queued.map((m) => m.id));
  const sent = await prisma.outboxMessage.count({ where: { kind: 'email', status: 'sent' } });
  await expect.poll(() => mailbox.received.length).toBeGreaterThanOrEqual(sent);
  return mailbox.received.filter((m) => m.to.includes(to));
}

const TWELVE_HOUR = /\d{1,2}:\d{2} ?[ap]m/i;

beforeEach(async () => {
  await prisma.outboxMessage.deleteMany();
  mailbox.received.length = 0;
});

describe('e-mails in the reader’s language', () => {
  it('keeps a French guest’s language at confirm and writes their e-mails in French, 24-hour times', async () => {
    const menu = await seedMenu(TEST_SHOP);
    const latte = menu.find((m) => m.name === 'Latte')!;
    const { order, hostToken } = await createTestGroupOrder();
    type Who = {
      name: string;
      email: string;
      query: Record<string, string>;
      headers: Record<string, string>;
    };
    const guests: Who[] = [
      { name: 'Léa', email: 'lea@example.com', query: { locale: 'fr' }, headers: {} },
      {
        name: 'Jonas',
        email: 'jonas@example.com',
        query: {},
        headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
      },
      { name: 'Olivia', email: 'olivia@example.com', query: {}, headers: {} },
    ];
    for (const [index, guest] of guests.entries()) {
      const body = {
        groupOrderId: order.id,
        confirmationKey: `languages-${order.id}-${index}`,
        guestName: guest.name,
        guestToken: `languages-token-${index}-0000000000`,
        guestEmail: guest.email,
        items: [{ menuItemId: latte.id, quantity: 1, selectedModifiers: [] }],
      };
      const request = await proxyRequest('/apps/group-order/api/order-items', {
        body,
        query: guest.query,
        headers: guest.headers,
      });
      expect((await call(() => confirm(args(request)))).status).toBe(201);
    }
    const stored = await prisma.guest.findMany({ where: { groupOrderId: order.id }, orderBy: { id: 'asc' } });
    expect(stored.map((g) => g.language)).toEqual(['fr', 'de', null]);

    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    const [lea] = await deliveredTo('lea@example.com');
    expect(lea.subject).toBe('Votre commande dans « Friday coffee » a été envoyée');
    expect(lea.text).toContain(
      'Bonjour Léa, Hannah Host a envoyé la commande groupée « Friday coffee » à la boutique.',
    );
    // The pickup with a 24-hour clock, money the French way in the shop's currency.
    const pickup = utcToZoned(order.pickupAt, order.timeZone).time;
    expect(lea.text).toContain(`Retrait : `);
    expect(lea.text).toContain(pickup);
    expect(lea.text).not.toMatch(TWELVE_HOUR);
    expect(lea.text).toMatch(/Votre total : \d+,\d{2}\s\$AU \(Paiement en boutique \(carte bancaire\)\)/);
    expect(lea.html).toContain(' lang="fr"');
    expect(lea.html).toContain('Envoyé par');

    const [jonas] = await deliveredTo('jonas@example.com');
    expect(jonas.subject).toBe('Ihre Bestellung in „Friday coffee“ wurde abgesendet');
    expect(jonas.text).toContain(`Abholung: `);
    expect(jonas.text).toContain(pickup);

    // No language asked: the shop's (English, en-AU), exactly as before.
    const [olivia] = await deliveredTo('olivia@example.com');
    expect(olivia.subject).toBe('Your order in "Friday coffee" has been submitted');
    expect(olivia.text).toMatch(TWELVE_HOUR);
    expect(olivia.html).toContain(' lang="en"');
    // The host created this order without a language: their receipt is English too.
    const [receipt] = await deliveredTo('hannah@example.com');
    expect(receipt.subject).toBe('Receipt: "Friday coffee" submitted');

    // A later e-mail (the kitchen's "ready") finds the language kept on the guest.
    await prisma.outboxMessage.deleteMany();
    mailbox.received.length = 0;
    for (const to of ['received', 'preparing', 'ready'] as const)
      await moveKitchenState(TEST_SHOP, order.id, { to, actor: 'Staff 1' });
    const [ready] = await deliveredTo('lea@example.com');
    expect(ready.subject).toMatch(/^Votre commande chez .+ est prête à retirer à /);
    expect(ready.text).toContain('Bonjour Léa,');
    const [hostReady] = await deliveredTo('hannah@example.com');
    expect(hostReady.subject).toMatch(/^Your order from .+ is ready for pickup at /);
  });

  it('writes a German host’s e-mails in German from the order they created in German', async () => {
    const body = createOrderBody({
      hostName: 'Hanna Gast',
      hostEmail: 'hanna@example.com',
      companyName: 'Acme GmbH',
      name: '',
      orderType: 'pickup',
      instructions: '',
      paymentMethod: 'pay-in-store',
    });
    const request = await proxyRequest('/apps/group-order/api/group-orders', {
      query: { locale: 'de' },
      body,
    });
    const created = await call(() => create(args(request)));
    expect(created.status).toBe(201);
    const order = await prisma.groupOrder.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(order.hostLanguage).toBe('de');

    const [mail] = await deliveredTo('hanna@example.com');
    expect(mail.subject).toBe('Ihre Gruppenbestellung „Bestellung Acme GmbH“ ist offen');
    expect(mail.text).toContain(`Bestellcode: ${order.code}`);
    expect(mail.text).toContain(`Abholung: `);
    expect(mail.text).toContain(body.pickupTime);
    expect(mail.text).toContain(`Bestellen bis: `);
    expect(mail.text).not.toMatch(TWELVE_HOUR);
    expect(mail.html).toContain('Gastgeber-Übersicht öffnen');
    expect(mail.html).toContain('Oder kopieren Sie diesen Link:');
    expect(mail.html).toContain('Gesendet von');
  });

  it('takes the language a guest changes their order in as theirs from then on', async () => {
    const menu = await seedMenu(TEST_SHOP);
    const latte = menu.find((m) => m.name === 'Latte')!;
    const { order } = await createTestGroupOrder();
    const token = 'languages-change-token-000001';
    const body = {
      groupOrderId: order.id,
      confirmationKey: `languages-change-${order.id}`,
      guestName: 'Mia',
      guestToken: token,
      guestEmail: 'mia@example.com',
      items: [{ menuItemId: latte.id, quantity: 1, selectedModifiers: [] }],
    };
    const confirmed = await call(async () =>
      confirm(args(await proxyRequest('/apps/group-order/api/order-items', { body }))),
    );
    expect(confirmed.status).toBe(201);
    const guest = () => prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect((await guest()).language).toBeNull();
    const itemId = String(confirmed.body.items[0].id);
    const request = await proxyRequest(`/apps/group-order/api/order-items/${itemId}`, {
      method: 'PATCH',
      body: { guestName: 'Mia', quantity: 2 },
      query: { locale: 'de' },
      headers: { 'X-Guest-Token': token },
    });
    expect((await call(() => changeItem(args(request, { id: itemId })))).status).toBe(200);
    expect((await guest()).language).toBe('de');
  });
});
