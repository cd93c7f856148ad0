// Menu categories are stored as keys ("white_coffee"); shoppers see labels ("White Coffee").

export function categoryLabel(category: string): string {
  return category
    .replace(/_+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** Compares "white_coffee", "White Coffee" and "white coffee" as the same category. */
export function categoryKey(category: string): string {
  return category
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '_');
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
