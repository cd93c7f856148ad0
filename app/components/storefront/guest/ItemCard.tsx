import { Badge, Button } from '~/components/storefront/ui';
import type { MenuItemView } from '~/lib/cart';
import { categoryLabel } from '~/lib/categories';
import { conflicts, type Avoid } from '~/lib/allergens';
import { FactTags } from './Allergens';
import { useT } from '~/components/i18n';

export function ItemCard({
  item,
  money,
  disabled,
  onAdd,
  avoids,
}: {
  /** What the guest avoids: an item that has it (before any option) is marked. */
  avoids: readonly Avoid[];
  item: MenuItemView;
  money: (cents: number) => string;
  disabled: boolean;
  onAdd: (item: MenuItemView) => void;
}) {
  const t = useT();
  return (
    <li className={`menu-item${conflicts(item, avoids).length ? ' menu-item--conflict' : ''}`}>
      <div className="menu-item__head">
        <h3 className="menu-item__name">{item.name}</h3>
        <span className="menu-item__price">{money(item.priceCents)}</span>
      </div>
      {item.description ? <p className="menu-item__desc">{item.description}</p> : null}
      <FactTags made={item} avoids={avoids} />
      <div className="menu-item__foot">
        <Badge>{categoryLabel(item.category)}</Badge>
        <Button
          variant="primary"
          className="btn--small menu-item__add"
          disabled={disabled}
          onClick={() => onAdd(item)}
        >
          {t('menu.add')}
          <span className="visually-hidden"> {item.name}</span>
        </Button>
      </div>
    </li>
  );
}
