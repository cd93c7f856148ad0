import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { resetMailTransport } from '~/models/mail/mail.server';

/** A message as a mail app would read it: the real SMTP receiver's parse of what was sent. */
export type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

/**
 * A real SMTP receiver on a free local port that the app's mail transport sends to (SMTP_URL) until
 * `close`. `received` fills as messages arrive, parsed with postal-mime.
 */
export async function openMailbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const mail = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: mail.html ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  resetMailTransport();
  return {
    received,
    async close() {
      delete process.env.SMTP_URL;
      resetMailTransport();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
