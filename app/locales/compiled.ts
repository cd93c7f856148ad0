import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '~/lib/language';
import { AREAS, CATALOGS, type Area } from './catalogs';

// The message files (ICU MessageFormat, per language and area: catalogs.ts) compiled once per process into
// Lingui's compiled form: a page gets only its own language's messages of the areas it shows, in its loader
// data (no catalog in the JS bundles); the server's texts use one Lingui instance per language.
const compiled = new Map<string, Messages>();

/** The compiled messages of one language for the given areas (what a browser's Lingui instance is given). */
export function messagesFor(language: Language, areas: readonly Area[]): Messages {
  const key = `${language}:${areas.join(',')}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = Object.fromEntries(
      areas.flatMap((area) =>
        Object.entries(CATALOGS[language][area]).map(([id, text]) => [id, compileMessage(text)]),
      ),
    ) as Messages;
    compiled.set(key, messages);
  }
  return messages;
}

const instances = new Map<Language, I18n>();

/** A server-side Lingui instance holding every area of one language (e-mails, prints, API sentences). */
export function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: messagesFor(language, AREAS) } });
    instances.set(language, i18n);
  }
  return i18n;
}
