// zod builds a fast object parser with `new Function` when the page lets it. Storefront pages forbid eval
// (their CSP), so zod's probe for it was reported as a violation on the create page. In the browser zod
// parses without compiling (its own `jitless` setting), set here before any schema is built: root.tsx
// imports this first, and the root route's modules run before any page's. The server keeps compiling.
import { config } from 'zod/v4/core';

if (typeof document !== 'undefined') config({ jitless: true });
