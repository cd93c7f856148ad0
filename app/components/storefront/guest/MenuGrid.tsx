import { useMemo, useState } from 'react';
import type { MenuItemView } from '~/lib/cart';
import { categoryKey, categoryLabel, distinctCategories } from '~/lib/categories';
import type { Avoid } from '~/lib/allergens';
import { ItemCard } from './ItemCard';
import { useT } from '~/components/i18n';

const ALL = '__all__';

/** Category tabs ('All Items' plus each category) over a grid of item cards. */
export function MenuGrid({
  items,
  money,
  disabled,
  onAdd,
  avoids,
}: {
  avoids: readonly Avoid[];
  items: MenuItemView[];
  money: (cents: number) => string;
  disabled: boolean;
  onAdd: (item: MenuItemView) => void;
}) {
  const t = useT();
  const categories = useMemo(() => distinctCategories(items), [items]);
  const [active, setActive] = useState(ALL);
  const shown = active === ALL ? items : items.filter((item) => categoryKey(item.category) === active);
  const tabs = [
    { key: ALL, label: t('menu.allItems') },
    ...categories.map((c) => ({ key: categoryKey(c), label: categoryLabel(c) })),
  ];

  return (
    <section className="menu" aria-labelledby="menu-heading">
      <h2 id="menu-heading" className="visually-hidden">
        {t('menu.items')}
      </h2>
      <div className="category-tabs" role="group" aria-label={t('menu.categories')}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            className="category-tab"
            aria-pressed={active === tab.key}
            onClick={() => setActive(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <ul className="menu-grid">
        {shown.map((item) => (
          <ItemCard
            key={item.id}
            item={item}
            money={money}
            disabled={disabled}
            onAdd={onAdd}
            avoids={avoids}
          />
        ))}
      </ul>
    </section>
  );
}
