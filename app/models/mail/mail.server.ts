import nodemailer from 'nodemailer';
import { z } from 'zod';
import prisma from '../../db.server';
import { env } from '../../env.server';
import {
  deliverMessagesNow,
  enqueue,
  registerOutboxHandler,
  type OutboxResult,
} from '../outbox/outbox.server';

type Tx = Parameters<typeof enqueue>[0];

export const EmailSchema = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
  fromName: z.string().optional(),
});
export type Email = z.infer<typeof EmailSchema>;

let transport: nodemailer.Transporter | undefined;

function getTransport(smtpUrl: string) {
  transport ??= nodemailer.createTransport(smtpUrl);
  return transport;
}

/** For tests that start their own SMTP receiver. */
export function resetMailTransport() {
  transport = undefined;
}

function fromHeader(fromName?: string) {
  if (!fromName) return env.MAIL_FROM;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return { name: fromName, address };
}

/**
 * Sends through SMTP when SMTP_URL is set (the local simulator sets it to its own mailbox). Without it the
 * message stays in the outbox as "held".
 */
export async function deliverEmail(
  email: Email,
  smtpUrl = process.env.SMTP_URL ?? env.SMTP_URL,
): Promise<OutboxResult> {
  if (!smtpUrl) return { status: 'held', reason: 'SMTP_URL is not set; kept in the local mailbox' };
  await getTransport(smtpUrl).sendMail({
    from: fromHeader(email.fromName),
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
  });
  return { status: 'sent' };
}

registerOutboxHandler('email', async ({ payload }) => deliverEmail(EmailSchema.parse(payload)));

export async function queueEmail(tx: Tx, shop: string, email: Email) {
  return enqueue(tx, { shop, kind: 'email', payload: EmailSchema.parse(email) });
}

/**
 * Delivers the given outbox e-mails now. Returns how many went out (or, without SMTP, were kept in the
 * local mailbox). A message another worker is already sending is awaited briefly.
 */
export async function deliverQueuedEmails(ids: number[]) {
  return (await deliverQueuedEmailIds(ids)).size;
}

/** As deliverQueuedEmails, but which of the messages went out (sent, or held without SMTP). */
export async function deliverQueuedEmailIds(ids: number[]) {
  await deliverMessagesNow(ids);
  const deadline = Date.now() + 5000;
  for (;;) {
    const rows = await prisma.outboxMessage.findMany({
      where: { id: { in: ids } },
      select: { id: true, status: true },
    });
    if (!rows.some((row) => row.status === 'sending') || Date.now() > deadline) {
      return new Set(
        rows.filter((row) => row.status === 'sent' || row.status === 'held').map((row) => row.id),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
