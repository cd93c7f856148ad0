// @ts-check
// The simulator's mailbox: a real SMTP server the app sends its e-mail to (SMTP_URL), as it would send to a
// mail provider in production. Messages are parsed with postal-mime and kept in memory for the mailbox
// pages; the simulator never reads the app's database.
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * @typedef {{ id: number, to: string, subject: string, text: string, html: string, status: string,
 *   createdAt: string }} ReceivedMail
 */

/** Keeps the newest messages; a long session should not grow without bound. */
const KEEP = 500;

/** @param {{ host?: string, port?: number }} [options] port 0 (the default) picks a free one */
export async function startMailbox({ host = '127.0.0.1', port = 0 } = {}) {
  /** @type {ReceivedMail[]} */
  const messages = [];
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
            messages.push({
              id: ++seq,
              to,
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              status: 'delivered',
              createdAt: new Date().toISOString(),
            });
            if (messages.length > KEEP) messages.shift();
            callback();
          })
          .catch((error) => callback(error));
      });
    },
  });
  // A client that drops mid-conversation is not the mailbox's problem.
  server.on('error', () => {});
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    /** For the app's SMTP_URL. */
    url: `smtp://${host}:${actualPort}`,
    /** Newest first. */
    list: () => [...messages].reverse(),
    /** @param {number} id */
    read: (id) => messages.find((m) => m.id === id) ?? null,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
