import { describe, expect, it } from 'vitest';
import { CATALOGS } from '~/locales/catalogs';
import { wordsFor } from '~/i18n.server';
import { LIMITS } from '~/models/limits/rateLimitBudgets';
import { GUEST_LINK_GONE } from '~/models/groupOrder/guestLinks.server';
import { USUAL_PROOF_NEEDED } from '~/models/groupOrder/usualOrders.server';
import { CLOSED_MESSAGES, orderTitle } from './groupOrder';
import { nameTakenMessage, nameTakenValues } from './guests';
import {
  CreateGroupOrderSchema,
  deadlineRuleMessage,
  fieldErrorIn,
  fieldErrorsOf,
  FORM_MESSAGES,
  HOST_MESSAGES,
  MAX_INVITES_PER_REQUEST,
  pickupNoticeMessage,
} from './hosting';
import { known, say, sayIn } from './sentences.server';

// The sentences issue 26's storefront edges added to the api and host files: the code's English found by
// its text or put together byte for byte as before, and said in French and German.

describe('fixed refusals the code says', () => {
  it('are all in the message files, word for word', () => {
    const said = [
      ...Object.values(LIMITS).map((limit) => limit.message),
      ...Object.values(CLOSED_MESSAGES).map((text) => text.replace('added', 'changed')),
      ...Object.values(HOST_MESSAGES),
      ...Object.values(FORM_MESSAGES),
      GUEST_LINK_GONE,
      USUAL_PROOF_NEEDED,
      `You can invite up to ${MAX_INVITES_PER_REQUEST} people at a time.`,
    ];
    for (const text of said)
      expect(known(text), text).toMatchObject({ id: expect.stringMatching(/^(api|host)\./) });
  });

  it('are said in French and German, a text the files lack staying English', () => {
    expect(sayIn('de')(LIMITS.remindersPerOrder.message)).toBe(
      'Für diese Bestellung wurde gerade eine Erinnerung gesendet.',
    );
    expect(sayIn('fr')(HOST_MESSAGES.forbidden)).toBe(wordsFor('fr').t('host.msg.forbidden'));
    expect(sayIn('fr')('Not a sentence of ours.')).toBe('Not a sentence of ours.');
  });
});

describe('refusals put together from parts', () => {
  const at = new Date('2026-11-27T03:05:00Z');
  const timeZone = 'Australia/Sydney';

  it('keep their English byte for byte', () => {
    expect(say('api.guest.nameTaken', nameTakenValues(' Bob Smith ')).text).toBe(
      nameTakenMessage(' Bob Smith '),
    );
    expect(say('host.valid.pickupNotice', { minutes: 30 }).text).toBe(pickupNoticeMessage(30));
    expect(CATALOGS.en.host['host.valid.deadlineRulePickup'].replace('{minutes}', '45')).toBe(
      deadlineRuleMessage('pickup', 45),
    );
    expect(say('api.host.remindNext', { at: { at, timeZone, timeOnly: true } }).text).toBe(
      'You can send the next reminder at 2:05 pm.',
    );
    const line = say('api.item.line', {
      number: 2,
      reason: say('api.item.soldOut', { name: 'Latte' }).sentence,
    });
    expect(line.text).toBe('Item 2: Latte is sold out today. Please choose something else.');
  });

  it('say their times on the language’s clock', () => {
    const next = say('api.host.remindNext', { at: { at, timeZone, timeOnly: true } }).sentence;
    expect(sayIn('de')(next)).toBe('Sie können die nächste Erinnerung um 14:05 senden.');
    expect(sayIn('fr')(next)).toBe('Vous pourrez envoyer le prochain rappel à 14:05.');
    const refused = say('api.host.extendRefusedPickup', { at: { at, timeZone, timeOnly: true }, minutes: 1 });
    expect(sayIn('de')(refused.sentence)).toContain('um 14:05, und der Shop braucht 1 Minute Vorlauf');
  });
});

describe("the create form's own sentences", () => {
  const form = {
    hostName: 'H'.repeat(81),
    hostEmail: 'host@example.com',
    companyName: 'Acme',
    pickupDate: '2026-11-27',
    pickupTime: '12:00',
    deadlineDate: '2026-11-27',
    deadlineTime: '11:00',
    instructions: 'x'.repeat(1001),
  };

  it('say a length limit the browser finds in the page’s language', () => {
    const result = CreateGroupOrderSchema.safeParse(form);
    expect(result.success).toBe(false);
    const errors = fieldErrorsOf(result.error!);
    expect(errors.hostName).toBe('Your name must be 80 characters or fewer.');
    expect(errors.instructions).toBe('Instructions must be 1000 characters or fewer.');
    expect(fieldErrorIn(errors.hostName!, wordsFor('de').t)).toBe(
      'Ihr Name darf höchstens 80 Zeichen lang sein.',
    );
    expect(fieldErrorIn(errors.instructions!, wordsFor('fr').t)).toBe(
      'Les instructions doivent compter 1000 caractères au maximum.',
    );
    expect(fieldErrorIn(deadlineRuleMessage('pickup', 45), wordsFor('de').t)).toMatch(
      /^Die Bestellfrist muss mindestens 45 Minuten vor der Abholzeit liegen/,
    );
  });

  it("give an unnamed order the company's title in the page's language", () => {
    const unnamed = { name: null, companyName: 'Acme' };
    expect(orderTitle(unnamed)).toBe('Acme Order');
    expect(orderTitle(unnamed, wordsFor('en').t)).toBe('Acme Order');
    expect(orderTitle(unnamed, wordsFor('fr').t)).toBe('Commande Acme');
    expect(orderTitle(unnamed, wordsFor('de').t)).toBe('Bestellung Acme');
    expect(orderTitle({ name: ' Friday ', companyName: 'Acme' }, wordsFor('de').t)).toBe('Friday');
  });

  it("keep Find order's English answer as it was", () => {
    expect(wordsFor('en').t('find.sent', { email: 'a@example.com', minutes: 15 })).toBe(
      "If a@example.com hosts any group orders here, we have e-mailed it a link to each one's host dashboard. Open the link on this device within 15 minutes; each works once.",
    );
  });
});
