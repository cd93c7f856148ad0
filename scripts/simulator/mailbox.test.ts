import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from './index.mjs';
import { startMailbox } from './mailbox.mjs';

// The simulator's mailbox is a real SMTP server: mail sent to it the way the app sends (nodemailer with
// SMTP_URL) shows on /mailbox, parsed, newest first.
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let simulator: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  simulator = await startSimulator({
    port: 0,
    host: '127.0.0.1',
    appUrl: 'http://127.0.0.1:9',
    apiKey: 'key',
    apiSecret: 'secret',
    shop: 'demo-coffee.myshopify.com',
    mailbox,
  });
});
afterAll(async () => {
  await simulator.close();
  await mailbox.close();
});

describe('mailbox', () => {
  it('receives mail over SMTP and shows it on /mailbox, newest first', async () => {
    const transport = nodemailer.createTransport(mailbox.url);
    await transport.sendMail({
      from: 'Demo Coffee <orders@democoffee.example>',
      to: 'olivia.nguyen@example.com',
      subject: 'Your group order is ready',
      text: 'Hi Olivia,\n2x Latte — ready for pickup.',
      html: '<p>Hi Olivia,</p><p>2x Latte — ready for pickup.</p>',
    });
    await transport.sendMail({
      from: 'orders@democoffee.example',
      to: 'sam.taylor@example.com',
      subject: 'Receipt: Friday coffee',
      text: 'Thanks, Sam',
    });
    const [newest, first] = mailbox.list();
    expect(newest).toMatchObject({ to: 'sam.taylor@example.com', subject: 'Receipt: Friday coffee' });
    expect(first).toMatchObject({
      to: 'olivia.nguyen@example.com',
      subject: 'Your group order is ready',
      text: 'Hi Olivia,\n2x Latte — ready for pickup.\n',
    });

    const base = `http://127.0.0.1:${(simulator.server.address() as { port: number }).port}`;
    const list = await (await fetch(`${base}/mailbox`)).text();
    expect(list.indexOf('Receipt: Friday coffee')).toBeLessThan(list.indexOf('Your group order is ready'));
    const page = await (await fetch(`${base}/mailbox/${first.id}`)).text();
    expect(page).toContain('2x Latte — ready for pickup.');
    expect(page).toContain('data-testid="mail-html"');
    expect((await fetch(`${base}/mailbox/999`)).status).toBe(404);
  });
});
