import { describe, expect, it } from 'vitest';
import { CATALOGS } from '~/locales/catalogs';
import { CLOSED_MESSAGES, closedText } from './groupOrder';
import { ORDER_LIMIT_MESSAGES } from './limits';
import { CODE_HINT } from './code';
import { NOT_YOUR_ORDER_MESSAGE } from './guests';
import { LIMITS } from '~/models/limits/rateLimitBudgets';
import { tooManyRequests } from '~/models/limits/rateLimits.server';
import { closedSaid, known, sayIn } from './sentences.server';

const order = {
  deadlineAt: new Date('2026-11-24T23:00:00Z'),
  submittedAt: new Date('2026-11-24T22:30:00Z'),
  timeZone: 'Australia/Sydney',
};

describe('api sentences', () => {
  it('has the fixed sentences the code says, word for word (a changed English text fails here)', () => {
    const said = [
      ...Object.values(CLOSED_MESSAGES),
      ...Object.values(ORDER_LIMIT_MESSAGES),
      CODE_HINT,
      NOT_YOUR_ORDER_MESSAGE,
      LIMITS.lookups.message,
      LIMITS.orderReads.message,
      LIMITS.orderMisses.message,
      LIMITS.confirmsPerClient.message,
    ];
    for (const text of said) expect(known(text), text).toMatchObject({ id: expect.stringMatching(/^api\./) });
  });

  it('puts together the same English as before, byte for byte', () => {
    for (const reason of ['expired', 'submitted'] as const) {
      expect(closedSaid(order, reason).text).toBe(closedText(order, reason));
    }
    const limited = tooManyRequests(LIMITS.lookups.message, 61_000);
    expect(limited.message).toBe(`${LIMITS.lookups.message} Please try again in 2 minutes.`);
    expect(tooManyRequests(LIMITS.lookups.message, 1_000).message).toMatch(/in 1 minute\.$/);
    // Thousands are not grouped ("1440 minutes", as the English always said).
    expect(tooManyRequests(LIMITS.lookups.message, 1440 * 60_000).message).toMatch(/in 1440 minutes\.$/);
  });

  it('says a put-together sentence in French and German with their clocks and plurals', () => {
    const closed = closedSaid(order, 'expired').sentence;
    expect(sayIn('fr')(closed)).toBe(
      `Commandes closes le mer. 25 nov., 10:00. ${CATALOGS.fr.api['api.closed.expired']}`,
    );
    expect(sayIn('de')(closed)).toMatch(/^Bestellschluss war Mi\.? 25\. Nov\.?, 10:00\. Die Bestellfrist/);
    const limited = tooManyRequests(LIMITS.lookups.message, 1_000).sentence!;
    expect(sayIn('de')(limited)).toBe(
      'Zu viele Suchen von Ihrer Verbindung. Bitte versuchen Sie es in 1 Minute erneut.',
    );
    expect(sayIn('fr')(tooManyRequests(LIMITS.lookups.message, 180_000).sentence!)).toBe(
      'Trop de recherches depuis votre connexion. Veuillez réessayer dans 3 minutes.',
    );
  });

  it('leaves text it does not know as it is, in every language', () => {
    expect(sayIn('fr')('Latte is sold out today.')).toBe('Latte is sold out today.');
    expect(known('Latte is sold out today.')).toBe('Latte is sold out today.');
  });
});
