import { conflicts, parseAllergens, parseAvoids, parseDiets } from '../../lib/allergens';
import { factsText, type Words } from '../../lib/allergenTexts';
import { avoidsText, kitchenConflictText } from '../../lib/allergenStaffTexts';
import type { Language } from '../../lib/language';
import { storedWords } from '../../i18n.server';
import type { KitchenState } from './kitchen.server';
import type { PrintKind } from './printLinks.server';

// The kitchen's words in their reader's language (prepBoard.server.ts decides whose): the language of a
// guest, a host or the shop, the allergen facts and warnings of a line, and the kitchen states.

/** A line's stored allergens and diets, and what its guest avoids (comma-separated keys). */
type LineAllergens = { allergens: string; diets: string; guest: { avoids: string } | null };

/** Who reads a text: the language, its messages and the locale dates and lists are formatted with. */
export type Reader = Words & { language: Language; shopLocale: string };

/** The reader of a stored language (a guest's, a host's, the merchant's; null: the shop's). */
export function readerOf(stored: string | null, shopLocale: string): Reader {
  return { shopLocale, ...storedWords(stored, shopLocale) };
}

/**
 * A line's allergens and diets as made ("vegetarian; allergens: milk"), and, when its guest avoids something
 * the line has, the kitchen's warning ("CHECK: has milk"); null when nothing conflicts.
 */
export function lineFacts(item: LineAllergens, words: Words) {
  const made = { allergens: parseAllergens(item.allergens), diets: parseDiets(item.diets) };
  const against = conflicts(made, parseAvoids(item.guest?.avoids));
  return {
    facts: factsText(made, words),
    conflict: against.length ? kitchenConflictText(against, words) : null,
  };
}

/** What a guest avoids, as they said at confirm ("Avoids: milk"); "" when nothing. */
export function guestAvoids(items: Pick<LineAllergens, 'guest'>[], words: Words) {
  return avoidsText(parseAvoids(items.find((item) => item.guest)?.guest?.avoids), words);
}

/** The kitchen state as a word: "Collected" reads "Delivered" for delivery orders. */
export function stateText(state: KitchenState, orderType: string, { t }: Words) {
  return t(`print.state.${state === 'collected' && orderType === 'delivery' ? 'delivered' : state}`);
}

/** The words around a print, on screen only (never printed): the merchant's. */
export function printToolbar(
  kind: PrintKind,
  order: { code: string; labels: readonly unknown[] },
  { t }: Words,
) {
  return {
    back: t('print.back'),
    print: t('print.print'),
    title: t(`print.title.${kind}`, { code: order.code }),
    labelCount: t('print.labels.count', { count: order.labels.length, code: order.code }),
  };
}
