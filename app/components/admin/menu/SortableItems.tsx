import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragCancelEvent,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useState, type ReactNode } from 'react';
import { useT } from '~/components/i18n';
import type { Translate } from '~/lib/language';
import type { AdminMenuItem } from './types';

// Drag and drop for the menu items' order (@dnd-kit). The rows stay where they are while dragging; a
// floating copy of the item follows the pointer and the row it would land on is marked, then the new place
// is sent as one "item.place". ↑/↓ on each row remain the keyboard's way (and the drag handle also works
// with Space and the arrow keys, as dnd-kit's keyboard sensor does).

const HANDLE_CSS = `
.menu-drag { display: inline-flex; align-items: center; justify-content: center; width: 28px; height: 32px;
  margin-right: 4px; border: 0; border-radius: 6px; background: transparent; color: #4a4a4a; cursor: grab;
  touch-action: none; flex: none; }
.menu-drag:hover { background: rgba(0,0,0,.06); }
.menu-drag:focus-visible { outline: 2px solid #005bd3; outline-offset: 1px; }
.menu-drop-target { box-shadow: inset 0 3px 0 #005bd3; }
.menu-drag-overlay { padding: 10px 14px; border-radius: 8px; background: #fff; font-weight: 600;
  box-shadow: 0 8px 24px rgba(0,0,0,.25); cursor: grabbing; }
`;

function DotsIcon() {
  return (
    <svg width="12" height="18" viewBox="0 0 12 18" aria-hidden="true" focusable="false">
      {[3, 9, 15].map((y) =>
        [3, 9].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />),
      )}
    </svg>
  );
}

/**
 * ↑/↓ while dragging with the keyboard: onto the handle of the row above or below. The rows do not move
 * while dragging (only the floating copy does), so each step lands on the next row as the merchant sees
 * it, rather than where dnd-kit's sortable getter expects shifted rows to be.
 */
const stepToNextHandle: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect || (event.code !== 'ArrowUp' && event.code !== 'ArrowDown')) return undefined;
  event.preventDefault();
  const here = collisionRect.top;
  const rects = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect): rect is NonNullable<typeof rect> => Boolean(rect));
  const target =
    event.code === 'ArrowUp'
      ? rects.filter((rect) => rect.top < here - 1).sort((a, b) => b.top - a.top)[0]
      : rects.filter((rect) => rect.top > here + 1).sort((a, b) => a.top - b.top)[0];
  return target ? { x: target.left, y: target.top } : undefined;
};

/** One draggable item: `children` gets the handle to put in the row and whether a drop would land here. */
export function SortableItem({
  item,
  children,
}: {
  item: AdminMenuItem;
  children: (handle: ReactNode, isDropTarget: boolean) => ReactNode;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isOver, active } = useSortable({
    id: item.id,
  });
  const handle = (
    <button
      type="button"
      className="menu-drag"
      ref={(node) => {
        setNodeRef(node);
        setActivatorNodeRef(node);
      }}
      {...attributes}
      {...listeners}
      aria-label={t('admin.drag.handle', { name: item.name })}
    >
      <DotsIcon />
    </button>
  );
  return <>{children(handle, isOver && active !== null && active.id !== item.id)}</>;
}

/** What a screen reader hears while an item is dragged with the keyboard, in the merchant's language. */
function screenReaderTexts(t: Translate, items: AdminMenuItem[]) {
  const name = (id: unknown) => items.find((item) => item.id === id)?.name ?? t('admin.drag.someItem');
  const place = (id: unknown) => items.findIndex((item) => item.id === id) + 1;
  return {
    screenReaderInstructions: { draggable: t('admin.drag.instructions') },
    announcements: {
      onDragStart: ({ active }: DragStartEvent) =>
        t('admin.drag.start', { name: name(active.id), place: place(active.id), count: items.length }),
      onDragOver: ({ active, over }: DragOverEvent) =>
        over
          ? t('admin.drag.over', { name: name(active.id), place: place(over.id) })
          : t('admin.drag.nowhere', { name: name(active.id) }),
      onDragEnd: ({ active, over }: DragEndEvent) =>
        over
          ? t('admin.drag.end', { name: name(active.id), place: place(over.id) })
          : t('admin.drag.dropped', { name: name(active.id) }),
      onDragCancel: ({ active }: DragCancelEvent) => t('admin.drag.cancel', { name: name(active.id) }),
    },
  };
}

/** The menu items as a sortable list; a drop sends the dragged item's new index. */
export function SortableItems({
  items,
  onPlace,
  children,
}: {
  items: AdminMenuItem[];
  onPlace: (id: number, index: number) => void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState<AdminMenuItem | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepToNextHandle }),
  );
  const t = useT();
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={(event: DragStartEvent) =>
        setDragging(items.find((i) => i.id === event.active.id) ?? null)
      }
      onDragCancel={() => setDragging(null)}
      onDragEnd={(event: DragEndEvent) => {
        setDragging(null);
        const { active, over } = event;
        if (!over || active.id === over.id) return;
        const index = items.findIndex((item) => item.id === over.id);
        if (index >= 0) onPlace(Number(active.id), index);
      }}
      accessibility={screenReaderTexts(t, items)}
    >
      <style>{HANDLE_CSS}</style>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
      <DragOverlay>{dragging ? <div className="menu-drag-overlay">{dragging.name}</div> : null}</DragOverlay>
    </DndContext>
  );
}
