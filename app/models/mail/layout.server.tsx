import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import type { Email } from './mail.server';
import type { MailWords } from './words.server';

// The one layout every e-mail the app sends is rendered in (docs/decisions/2026-11-26-email-layout.md):
// the sender's name as a header, the message, and a footer. E-mails say what they say with the blocks
// below; none writes its own HTML. Every e-mail also has a plain-text part, written by its builder.

const INK = '#1f1a17';
const MUTED = '#6b615a';
const BRAND = '#6f3b1e';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const text: CSSProperties = { fontSize: '16px', lineHeight: '24px', color: INK, margin: '0 0 16px' };
const muted: CSSProperties = { ...text, color: MUTED };

/** The reader's words, for the blocks that say something themselves (the footer, "Or copy this link"). */
const Words = createContext<MailWords | null>(null);

function useWords() {
  const words = useContext(Words);
  if (!words) throw new Error('An e-mail block was rendered outside composeEmail');
  return words;
}

function EmailLayout({
  sender,
  preview,
  children,
}: {
  sender: string;
  preview: string;
  children: ReactNode;
}) {
  const { t, language } = useWords();
  return (
    <Html lang={language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f6f1ec', margin: 0, padding: '24px 8px', fontFamily: FONT }}>
        <Container
          style={{ maxWidth: '560px', backgroundColor: '#ffffff', borderRadius: '12px', padding: '0 24px' }}
        >
          <Section
            data-email-part="header"
            style={{ borderBottom: `3px solid ${BRAND}`, padding: '20px 0 12px' }}
          >
            <Text style={{ margin: 0, fontSize: '18px', lineHeight: '24px', fontWeight: 700, color: BRAND }}>
              {sender}
            </Text>
          </Section>
          <Section data-email-part="content" style={{ padding: '20px 0 4px' }}>
            {children}
          </Section>
          <Hr style={{ borderColor: '#e8e0d9', margin: 0 }} />
          <Section data-email-part="footer" style={{ padding: '12px 0 16px' }}>
            <Text style={{ margin: 0, fontSize: '13px', lineHeight: '20px', color: MUTED }}>
              {t('mail.sentBy', { sender })}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message; `quiet` for the small print (what to do if it was not you). */
export function Paragraph({ children, quiet = false }: { children: ReactNode; quiet?: boolean }) {
  return <Text style={quiet ? muted : text}>{children}</Text>;
}

// Links open where the message is read (target "_self"), as the app's e-mails always did: React Email's
// Button and Link default to a new tab, which leaves a reader of a web mailbox on the mailbox.
const SAME_TAB = '_self';

/** The one thing the e-mail asks the reader to do. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '4px 0 20px' }}>
      <Button
        href={href}
        target={SAME_TAB}
        style={{
          backgroundColor: BRAND,
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: '10px',
          fontSize: '16px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** "Or copy this link: …" under a button, for readers whose mail app hides buttons. */
export function CopyLink({ href }: { href: string }) {
  const { t } = useWords();
  return (
    <Text style={{ ...muted, fontSize: '13px', lineHeight: '20px', wordBreak: 'break-all' }}>
      {t('mail.copyLink', { href })}
    </Text>
  );
}

export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target={SAME_TAB} style={{ color: BRAND, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

/** Label and value rows: order code, pickup time, deadline. */
export function Details({ rows }: { rows: [string, string][] }) {
  return (
    <table role="presentation" style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: '4px 16px 4px 0', color: MUTED, fontSize: '15px', verticalAlign: 'top' }}>
              {label}
            </td>
            <td style={{ padding: '4px 0', color: INK, fontSize: '15px', fontWeight: 700 }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A list of lines (items, links), with an optional heading (a guest's name and total). */
export function Lines({ heading, children }: { heading?: string; children: ReactNode[] }) {
  return (
    <>
      {heading ? (
        <Heading as="h3" style={{ fontSize: '16px', lineHeight: '24px', color: INK, margin: '16px 0 4px' }}>
          {heading}
        </Heading>
      ) : null}
      <ul
        style={{ margin: '0 0 16px', paddingLeft: '20px', color: INK, fontSize: '16px', lineHeight: '24px' }}
      >
        {children.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * An e-mail in the shared layout: `body` is the message (built from the blocks above), `text` its
 * plain-text part. The header and footer name `fromName`, the shop's sender name; `words` is the reader's
 * language (words.server.ts).
 */
export async function composeEmail(email: {
  to: string;
  subject: string;
  fromName: string;
  text: string;
  body: ReactNode;
  words: MailWords;
}): Promise<Email> {
  const preview = email.text.split('\n')[0];
  const html = await render(
    <Words.Provider value={email.words}>
      <EmailLayout sender={email.fromName} preview={preview}>
        {email.body}
      </EmailLayout>
    </Words.Provider>,
  );
  return { to: email.to, subject: email.subject, fromName: email.fromName, text: email.text, html };
}

/** An e-mail of plain lines, each a paragraph, from the shop's sender name (`settings.emailSenderName`). */
export function linesEmail(
  to: string,
  subject: string,
  lines: string[],
  settings: { emailSenderName: string },
  words: MailWords,
) {
  return composeEmail({
    to,
    subject,
    fromName: settings.emailSenderName,
    words,
    text: lines.join('\n'),
    body: lines.map((line) => <Paragraph key={line}>{line}</Paragraph>),
  });
}
