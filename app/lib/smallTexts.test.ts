import { describe, expect, it } from 'vitest';
import { wordsFor } from '~/i18n.server';
import { normalizeCode } from './code';
import { invitesNotSentText } from './hostText';

// Issue 27, item 11: the small texts and inputs people notice.

describe('normalizeCode', () => {
  it('ignores spaces and dashes people type when copying a code, and any case', () => {
    expect(normalizeCode('4YAE 2W')).toBe('4YAE2W');
    expect(normalizeCode(' 4ya-e2w ')).toBe('4YAE2W');
    expect(normalizeCode('4YA–E2W')).toBe('4YAE2W');
    expect(normalizeCode('4YAE_2W')).toBeNull();
    expect(normalizeCode('4YA E2W7')).toBeNull();
    expect(normalizeCode('A1')).toBeNull();
  });
});

describe('invitesNotSentText', () => {
  const { t } = wordsFor('en');
  it('names what was not sent and why, and says nothing when everything went', () => {
    expect(invitesNotSentText([], [], t)).toBe('');
    expect(invitesNotSentText(['ivy@example'], [], t)).toBe(
      'Not sent, not an e-mail address: ivy@example. Correct it in the box and send again.',
    );
    expect(invitesNotSentText(['a', 'b'], ['c@example.com'], t)).toBe(
      'Not sent, not e-mail addresses: a, b. Correct them in the box and send again. Not delivered yet (we keep trying): c@example.com.',
    );
  });
});
