import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Button, TextField } from '~/components/storefront/ui';
import { LINE_NOTE_MAX, makeLine, type CartLine, type MenuItemView } from '~/lib/cart';
import { categoryLabel } from '~/lib/categories';
import {
  defaultSelection,
  groupHeading,
  groupHint,
  groupsForCategory,
  missingChoice,
  sortModifiers,
  toggleModifier,
  type MenuModifier,
  type ModifierGroupView,
} from '~/lib/modifiers';
import { MAX_QUANTITY, MIN_QUANTITY, unitPriceCents } from '~/lib/pricing';
import type { Avoid } from '~/lib/allergens';
import { madeWith } from '~/lib/asMade';
import { FactTags } from './Allergens';
import { useT } from '~/components/i18n';

type Props = {
  item: MenuItemView | null;
  modifiers: MenuModifier[];
  money: (cents: number) => string;
  /** What the guest avoids: the item as made with the chosen options is marked when it has it. */
  avoids: readonly Avoid[];
  onClose: () => void;
  onAdd: (line: CartLine) => void;
};

/** 'Customize {item name}': a Radix dialog (focus trap, Escape, labelled) that builds one cart line. */
export function CustomiseDialog({ item, modifiers, money, avoids, onClose, onAdd }: Props) {
  // Opened from code, not a Radix Trigger: remember what had focus so closing returns there.
  const opener = useRef<HTMLElement | null>(null);
  if (item && !opener.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog customise"
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
            opener.current = null;
          }}
        >
          {/* Keyed by item: selections reset to the defaults and quantity to 1 on every open. */}
          {item ? (
            <CustomiseBody
              key={item.id}
              item={item}
              modifiers={modifiers}
              money={money}
              avoids={avoids}
              onAdd={onAdd}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The quantity stepper: minus, the number (announced as it changes), plus, within the allowed range. */
function QuantityStepper({
  quantity,
  setQuantity,
}: {
  quantity: number;
  setQuantity: Dispatch<SetStateAction<number>>;
}) {
  const t = useT();
  return (
    <div className="customise__qty">
      <span className="customise__qty-label" id="qty-label">
        {t('customise.quantity')}
      </span>
      <div className="stepper" role="group" aria-labelledby="qty-label">
        <button
          type="button"
          className="stepper__btn"
          aria-label={t('customise.decrease')}
          disabled={quantity <= MIN_QUANTITY}
          onClick={() => setQuantity((q) => Math.max(MIN_QUANTITY, q - 1))}
        >
          −
        </button>
        <output
          className="stepper__value"
          aria-live="polite"
          aria-label={t('customise.quantityIs', { quantity })}
        >
          {quantity}
        </output>
        <button
          type="button"
          className="stepper__btn"
          aria-label={t('customise.increase')}
          disabled={quantity >= MAX_QUANTITY}
          onClick={() => setQuantity((q) => Math.min(MAX_QUANTITY, q + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}

/** One modifier group (Size, Milk…): its heading and hint, and a toggle button per choice. */
function ModifierGroupField({
  group,
  selected,
  invalid,
  money,
  onToggle,
}: {
  group: ModifierGroupView;
  selected: number[];
  invalid: boolean;
  money: (cents: number) => string;
  onToggle: (modifierId: number) => void;
}) {
  const t = useT();
  // A multi-choice group at its limit: the rest read as unavailable until one is removed.
  const full =
    group.maxSelections > 1 &&
    group.modifiers.filter((m) => selected.includes(m.id)).length >= group.maxSelections;
  return (
    <fieldset className="mod-group" aria-invalid={invalid ? true : undefined}>
      <legend className="mod-group__legend">
        <span className="mod-group__heading">{groupHeading(group.type, group.heading, t)}</span>{' '}
        <span className="mod-group__hint">
          {groupHint(group.type, group.minSelections, group.maxSelections, t)}
        </span>
      </legend>
      <div className="mod-group__options">
        {group.modifiers.map((modifier) => {
          const on = selected.includes(modifier.id);
          return (
            <button
              key={modifier.id}
              type="button"
              className="mod-option"
              aria-pressed={on}
              aria-disabled={!on && full ? true : undefined}
              onClick={() => onToggle(modifier.id)}
            >
              <span className="mod-option__check" aria-hidden="true">
                {on ? '✓' : ''}
              </span>
              <span className="mod-option__name">{modifier.name}</span>
              {modifier.priceDeltaCents ? (
                <span className="mod-option__delta">+{money(modifier.priceDeltaCents)}</span>
              ) : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The dialog's title, its description (or the item's category) and the close button. */
function CustomiseHeader({ item }: { item: MenuItemView }) {
  const t = useT();
  return (
    <div className="customise__header">
      <Dialog.Title className="dialog__title">{t('customise.title', { item: item.name })}</Dialog.Title>
      <Dialog.Description className="customise__desc">
        {item.description || categoryLabel(item.category)}
      </Dialog.Description>
      <Dialog.Close asChild>
        <button type="button" className="customise__x" aria-label={t('customise.close')}>
          ×
        </button>
      </Dialog.Close>
    </div>
  );
}

/** What is missing (if Add found a required group unanswered), the line's total, Cancel and Add. */
function CustomiseFooter({
  problem,
  total,
  onAdd,
}: {
  problem: { message: string } | null;
  total: string;
  onAdd: () => void;
}) {
  const t = useT();
  return (
    <div className="customise__footer">
      {problem ? (
        <p className="notice notice--warning small customise__problem" role="alert">
          {problem.message}
        </p>
      ) : null}
      <p className="customise__total" aria-live="polite">
        <span className="muted">{t('order.total')}</span> <strong>{total}</strong>
      </p>
      <div className="customise__actions">
        <Dialog.Close asChild>
          <Button variant="secondary">{t('customise.cancel')}</Button>
        </Dialog.Close>
        <Button variant="primary" onClick={onAdd}>
          {t('customise.addToOrder')}
        </Button>
      </div>
    </div>
  );
}

function CustomiseBody({
  item,
  modifiers,
  money,
  avoids,
  onAdd,
}: Omit<Props, 'item' | 'onClose'> & { item: MenuItemView }) {
  const t = useT();
  const groups = useMemo(() => groupsForCategory(modifiers, item.category), [modifiers, item.category]);
  const [selected, setSelected] = useState<number[]>(() => defaultSelection(groups));
  const [quantity, setQuantity] = useState(1);
  // This line's own note ("heated"): printed on this item's labels only, not on the guest's other items.
  const [note, setNote] = useState('');
  // Set when Add is pressed with a required group unanswered; cleared by the next choice.
  const [problem, setProblem] = useState<{ groupId: number; message: string } | null>(null);

  const chosen = sortModifiers(
    modifiers,
    modifiers.filter((m) => selected.includes(m.id)),
  ).map((m) => ({ id: m.id, name: m.name, type: m.type, priceDeltaCents: m.priceDeltaCents }));
  const unit = unitPriceCents(item.priceCents, chosen);
  const add = () => {
    const missing = missingChoice(groups, selected, item.name, t);
    if (missing) return setProblem(missing);
    onAdd(
      makeLine(
        { id: item.id, name: item.name, category: item.category, priceCents: item.priceCents },
        chosen,
        quantity,
        note,
      ),
    );
  };

  return (
    <div className="customise__inner">
      <CustomiseHeader item={item} />
      {/* The item as made with the options chosen so far: it changes as they change. */}
      <div className="customise__facts" aria-live="polite">
        <FactTags made={madeWith(item, selected, modifiers)} avoids={avoids} full />
      </div>

      <div className="customise__body">
        <QuantityStepper quantity={quantity} setQuantity={setQuantity} />

        {groups.map((group) => (
          <ModifierGroupField
            key={group.groupId}
            group={group}
            selected={selected}
            invalid={problem?.groupId === group.groupId}
            money={money}
            onToggle={(modifierId) => {
              setProblem(null);
              setSelected((current) => toggleModifier(current, group, modifierId));
            }}
          />
        ))}

        <div className="customise__note">
          <TextField
            label={t('customise.note')}
            optional
            placeholder={t('customise.notePlaceholder')}
            hint={t('customise.noteHint')}
            value={note}
            maxLength={LINE_NOTE_MAX}
            autoComplete="off"
            enterKeyHint="done"
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      </div>

      <CustomiseFooter problem={problem} total={money(unit * quantity)} onAdd={add} />
    </div>
  );
}
