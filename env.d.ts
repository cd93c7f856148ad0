/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

import type { ShopSettings } from '@prisma/client';

declare module '@remix-run/node' {
  // What server/app.mjs gives every request's loaders and actions (getLoadContext).
  interface AppLoadContext {
    /** Each shop's settings as this request read them: the layout's loader and the page's read once. */
    shopSettings?: Map<string, Promise<ShopSettings>>;
  }
}
