// Menu categories are stored as keys ("white_coffee"); merchants and shoppers see labels ("White Coffee").

export function categoryLabel(category: string): string {
  return category
    .replace(/_+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

const IS_KEY = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/**
 * The one key rule: "Cold Drinks", "cold-drinks", "cold_drinks" -> "cold_drinks". The admin stores it,
 * the import derives it from product types and collections, and the storefront compares categories by it.
 */
export function categoryKey(category: string): string {
  // Stored categories are keys already: the confirm checks each option against them many times a cart.
  if (IS_KEY.test(category)) return category;
  return category
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Distinct categories in the order they first appear on the menu. */
export function distinctCategories(items: { category: string }[]): string[] {
  const seen = new Map<string, string>();
  for (const item of items) {
    const key = categoryKey(item.category);
    if (!seen.has(key)) seen.set(key, item.category);
  }
  return [...seen.values()];
}
