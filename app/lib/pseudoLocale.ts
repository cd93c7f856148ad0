import type { Messages } from '@lingui/core';

// The pseudo language of the browser tests (e2e/pseudo-locale.e2e.ts, docs/decisions/
// 2026-11-27-pseudo-locale-and-api-sentences.md): the English messages with every letter swapped for an
// accented look-alike, vowels doubled (about a third longer, as French and German run) and the whole
// message in ⟦ ⟧. Made from the English files when asked for, never written to a file. Text on a page that
// still has a plain ASCII letter did not come from the message files (or is the shop's own data).

export const PSEUDO_LOCALE = 'en-XA';

const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [
    ...'abcdefghijklmnopqrstuvwxyz'.split('').map((c, i) => [c, 'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýž'[i]]),
    ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c, i) => [c, 'ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'[i]]),
  ].map(([c, look]) => [c, /[aeiouAEIOU]/.test(c) ? look + look : look]),
);

/** One piece of English text, pseudo-localised (no ASCII letter is left). */
export function pseudoText(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => LOOKALIKES[c]);
}

type Compiled = Messages[string];

/** Lingui's compiled form: text, or tokens [name, type?, cases?]; only the text is swapped. */
function pseudoCompiled(compiled: Compiled): Compiled {
  if (typeof compiled === 'string') return pseudoText(compiled);
  return compiled.map((token) => {
    if (typeof token === 'string') return pseudoText(token);
    const [name, type, cases] = token as [string, string?, Record<string, Compiled>?];
    if (!cases || typeof cases !== 'object') return token;
    const swapped = Object.fromEntries(
      Object.entries(cases).map(([key, value]) => [key, key === 'offset' ? value : pseudoCompiled(value)]),
    );
    return [name, type, swapped];
  }) as Compiled;
}

/** Compiled English messages as the pseudo language: each message in ⟦ ⟧, placeholders kept. */
export function pseudoMessages(english: Messages): Messages {
  return Object.fromEntries(
    Object.entries(english).map(([id, compiled]) => {
      const pseudo = pseudoCompiled(compiled);
      return [id, typeof pseudo === 'string' ? `⟦${pseudo}⟧` : ['⟦', ...pseudo, '⟧']];
    }),
  ) as Messages;
}
