// zod builds a fast object parser with `new Function` when the page lets it. Storefront pages forbid eval
// (their CSP), so zod's probe for it was reported as a violation on the create page. In the browser zod
// parses without compiling (its own `jitless` setting), set here before any schema is built: the browser
// loads zod only through hostForms.ts, which imports this first. (Imported from the root route, it put
// zod's core, 4 KB gzipped, on every page: docs/decisions/2026-11-27-page-weight-lazy.md.) The server
// keeps compiling.
import { config } from 'zod/v4/core';

if (typeof document !== 'undefined') config({ jitless: true });
