import { isRouteErrorResponse } from '@remix-run/react';
import { sayOutside } from '~/components/i18n';
import type { Language } from '~/lib/language';

// Storefront pages' <title>s in the page's language. A route's `meta` runs outside React, without the
// LanguageProvider, but it sees the storefront layout's loader data (its language and the catalog it named:
// kept on the server, fetched by the browser before the page starts), or, when the layout's own loader refused, the language that refusal carried
// (apps.group-order.tsx refusalInLanguage). No loader reads anything more for a title.

const LAYOUT = 'routes/apps.group-order';

type Words = { language: Language; catalog: string };
type TitleArgs = { matches: readonly { id: string; data: unknown }[]; error?: unknown };

function isWords(data: unknown): data is Words {
  return Boolean(data && typeof data === 'object' && 'language' in data && 'catalog' in data);
}

/** `[{title}]`: the message `id` in the page's language (English when no language is known). */
export function storefrontTitle({ matches, error }: TitleArgs, id: string, values?: object) {
  const layout = matches.find((match) => match.id === LAYOUT)?.data;
  const refused = isRouteErrorResponse(error) ? error.data : null;
  const words = isWords(layout) ? layout : isWords(refused) ? refused : null;
  return [{ title: words ? sayOutside(words, id, values) : 'Group Order' }];
}
