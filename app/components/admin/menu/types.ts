import type { getMenuAdmin } from '~/models/menu/menuAdmin.server';

// The menu editor's data as the admin loader returns it, and what its action answers.

type Menu = Awaited<ReturnType<typeof getMenuAdmin>>;
export type AdminMenuItem = Menu['items'][number];
export type AdminGroup = Menu['groups'][number];
export type AdminModifier = AdminGroup['modifiers'][number];
export type Editing =
  | { kind: 'item'; item?: AdminMenuItem }
  | { kind: 'group'; group?: AdminGroup }
  | { kind: 'modifier'; groupId: number; modifier?: AdminModifier };

export type MenuActionResult = { ok: boolean; message: string; errors?: Record<string, string> };
