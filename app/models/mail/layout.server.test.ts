import { toPlainText } from '@react-email/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { TEST_SHOP } from '../../../test/support/requests';
import { requestOwnerClaim } from '../groupOrder/hostDevices.server';
import { queueOrderCreatedEmail } from '../groupOrder/hostLinks.server';
import { sendInvitations } from '../groupOrder/invitations.server';
import { confirmCart } from '../groupOrder/orderItems.server';
import { sendReminderNow } from '../groupOrder/schedule.server';
import { setGroupOrderStatus } from '../groupOrder/submitOrder.server';
import { moveKitchenState } from '../kitchen/kitchen.server';
import { getShopSettings } from '../shop/settings.server';
import { deliverQueuedEmails } from './mail.server';
import { openMailbox, type ReceivedMail } from '../../../test/support/mailbox';

// Every e-mail the app sends is in one layout (layout.server.tsx): the same header and footer around its
// own message, whoever builds it. Checked on what a real SMTP receiver gets from real flows: a builder
// that wrote its own HTML again, or sent none, would stand out from the others.

const SITE = 'https://demo-coffee.myshopify.com/apps/group-order';
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
let received: ReceivedMail[];

beforeAll(async () => {
  mailbox = await openMailbox();
  received = mailbox.received;
});

afterAll(() => mailbox.close());

/** The layout around the message: everything but the message and the inbox preview (both per e-mail). */
function frame(html: string) {
  const withoutPreview = html.replace(/<div[^>]*data-skip-in-text="true">[\s\S]*?<\/div>(<\/div>)?/, '');
  const start = withoutPreview.indexOf('data-email-part="content"');
  const end = withoutPreview.indexOf('<hr');
  return { before: withoutPreview.slice(0, start), after: withoutPreview.slice(end) };
}

async function sendOneOfEach() {
  const menu = await seedMenu();
  const settings = await prisma.shopSettings.update({
    where: { shop: (await getShopSettings(TEST_SHOP)).shop },
    data: { merchantEmail: 'kitchen@demo-coffee.example', emailSenderName: 'Demo Coffee' },
  });
  const { order, hostToken } = await createTestGroupOrder();
  await prisma.$transaction((tx) => queueOrderCreatedEmail(tx, order, SITE, settings));
  await sendInvitations(TEST_SHOP, order.id, ['amy@example.com'], { hostToken }, SITE);
  await requestOwnerClaim(TEST_SHOP, order.id, SITE);
  await sendReminderNow(TEST_SHOP, order.id, { hostToken }, SITE, 'layout-test-client');
  const latte = menu.find((m) => m.name === 'Latte')!;
  await confirmCart(TEST_SHOP, {
    groupOrderId: order.id,
    confirmationKey: `layout-${order.id}`,
    guestName: 'Olivia',
    guestInitials: null,
    guestEmail: 'olivia@example.com',
    specialInstructions: null,
    items: [{ menuItemId: latte.id, quantity: 2, selectedModifiers: [] }],
  });
  await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
  for (const to of ['received', 'preparing', 'ready'] as const) {
    await moveKitchenState(TEST_SHOP, order.id, { to, actor: 'Staff 1' });
  }
  const queued = await prisma.outboxMessage.findMany({
    where: { kind: 'email', status: 'pending' },
    select: { id: true },
  });
  await deliverQueuedEmails(queued.map((m) => m.id));
  return prisma.outboxMessage.count({ where: { kind: 'email' } });
}

describe('one e-mail layout', () => {
  it('puts every e-mail the app sends in the same header and footer, around its own message', async () => {
    const sent = await sendOneOfEach();
    await expect.poll(() => received.length).toBe(sent);
    // One of each kind these flows send (the others are built the same way: layout.server.tsx).
    const kinds = [
      /^Your group order ".+" is open$/,
      /invited you to a group order$/,
      /^Manage your group order/,
      /^Reminder: add your order/,
      /^Your order in ".+" has been submitted$/,
      /^Receipt: /,
      /^New group order /,
      /is ready for pickup at/,
    ];
    for (const kind of kinds)
      expect(received.map((m) => m.subject)).toContainEqual(expect.stringMatching(kind));

    const first = frame(received[0].html);
    expect(first.before).toContain('data-email-part="header"');
    expect(first.before).toContain('Demo Coffee');
    expect(first.after).toContain('data-email-part="footer"');
    for (const mail of received) {
      expect(frame(mail.html), mail.subject).toEqual(first);
      expect(mail.html.match(/data-email-part="(header|content|footer)"/g), mail.subject).toHaveLength(3);
      // The message is the e-mail's own: its plain-text part opens with the words the HTML shows first.
      const shown = toPlainText(mail.html, { wordwrap: false });
      expect(shown, mail.subject).toContain(mail.text.split('\n')[0]);
    }
  });
});
