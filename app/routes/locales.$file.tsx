import type { LoaderFunctionArgs } from '@remix-run/node';
import { catalogFile } from '~/i18n.server';

// GET /locales/<file>: a storefront catalog (a language's messages), on the app's own origin beside the
// built scripts, fetched by storefront pages before they start (docs/decisions/2026-11-27-storefront-catalog-file.md).
// Public words, the same for every shop: no signature, nothing about a shop or a guest.
export const loader = ({ params }: LoaderFunctionArgs) => catalogFile(params.file);
