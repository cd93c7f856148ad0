import type { Said } from '../../lib/errors';
import type { MenuAction } from '../../lib/schemas/menu';
import { say } from '../../lib/sentences.server';
import {
  createMenuItem,
  createModifier,
  createModifierGroup,
  move,
  placeMenuItem,
  setMenuItemActive,
  setMenuItemSoldOut,
  setModifierActive,
  setModifierGroupActive,
  updateMenuItem,
  updateModifier,
  updateModifierGroup,
} from './menuAdmin.server';
import { importShopifyProducts, MAX_IMPORT_PRODUCTS } from './menuImport.server';

// The menu page's buttons and modals, one intent each (MenuActionSchema): import from Shopify, add or save
// an item, group or modifier, move one up or down (or an item to any place, by drag and drop), mark an
// item sold out for today, archive or restore it. Each answers the sentence the
// merchant is shown; a refusal is a domain error the route turns into its status.

/** The form's fields without the intent and the row id (the models take exactly their fields). */
function fieldsOf<T extends { intent: string; id?: number }>(input: T): Omit<T, 'intent' | 'id'> {
  const { intent: _intent, id: _id, ...fields } = input;
  return fields;
}

const MOVE_KIND = { item: 'menuItem', group: 'modifierGroup', modifier: 'modifier' } as const;
const SET_ACTIVE = { item: setMenuItemActive, group: setModifierGroupActive, modifier: setModifierActive };

/** Runs one menu action for `shop`; `graphql` reads the shop's products for an import. */
export async function runMenuAction(
  shop: string,
  graphql: Parameters<typeof importShopifyProducts>[1],
  input: MenuAction,
): Promise<string | Said> {
  switch (input.intent) {
    case 'import': {
      const result = await importShopifyProducts(shop, graphql, { collectionId: input.collectionId });
      return say(result.complete ? 'admin.say.imported' : 'admin.say.importedFirst', {
        created: result.created,
        updated: result.updated,
        max: MAX_IMPORT_PRODUCTS,
      });
    }
    case 'item.create':
      await createMenuItem(shop, fieldsOf(input));
      return 'Menu item added';
    case 'item.update':
      await updateMenuItem(shop, input.id, fieldsOf(input));
      return 'Menu item saved';
    case 'group.create':
      await createModifierGroup(shop, fieldsOf(input));
      return 'Modifier group added';
    case 'group.update':
      await updateModifierGroup(shop, input.id, fieldsOf(input));
      return 'Modifier group saved';
    case 'modifier.create':
      await createModifier(shop, fieldsOf(input));
      return 'Modifier added';
    case 'modifier.update':
      await updateModifier(shop, input.id, fieldsOf(input));
      return 'Modifier saved';
    case 'item.place':
      await placeMenuItem(shop, input.id, input.index);
      return 'Order changed';
    case 'item.soldout':
      await setMenuItemSoldOut(shop, input.id, true);
      return 'Sold out until tomorrow';
    case 'item.available':
      await setMenuItemSoldOut(shop, input.id, false);
      return 'Back on the menu';
    default: {
      const [subject, verb] = input.intent.split('.') as [keyof typeof MOVE_KIND, string];
      if (verb === 'up' || verb === 'down') {
        await move(shop, MOVE_KIND[subject], input.id, verb);
        return 'Order changed';
      }
      const active = verb === 'unarchive';
      await SET_ACTIVE[subject](shop, input.id, active);
      return active ? 'Restored' : 'Archived';
    }
  }
}
