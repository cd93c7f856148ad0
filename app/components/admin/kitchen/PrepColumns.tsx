import type { BoardCard } from './PrepOrderCard';
import { PrepOrderCard } from './PrepOrderCard';
import { useT } from '~/components/i18n';

// The prep board's columns: an order sits in the column of its kitchen state and moves right as the
// kitchen works. Finished orders (collected, delivered or cancelled) are kept, below, for today's record.

// `key` names the column (its message admin.prep.column.<key> and its heading's id).
const COLUMNS = [
  { key: 'new', states: ['submitted'] },
  { key: 'received', states: ['received'] },
  { key: 'preparing', states: ['preparing'] },
  { key: 'ready', states: ['ready'] },
] as const;

const DONE = { key: 'done', states: ['collected', 'cancelled'] } as const;

/** Large type and big buttons: the board is read on a kitchen screen, from a metre away. */
export const PREP_BOARD_CSS = `
.prep-columns { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 16px; align-items: start; }
@media (max-width: 1100px) { .prep-columns { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (max-width: 640px) { .prep-columns { grid-template-columns: minmax(0, 1fr); } }
.prep-column { background: var(--p-color-bg-surface-secondary, #f1f1f1); border-radius: 12px; padding: 12px; min-height: 120px; }
.prep-column__title { font-size: 22px; line-height: 1.2; font-weight: 700; margin: 4px 4px 12px; }
.prep-column__empty { font-size: 18px; color: var(--p-color-text-secondary, #616161); margin: 4px; }
.prep-column__cards { display: flex; flex-direction: column; gap: 12px; }
.prep-done { margin-top: 16px; }
.prep-done .prep-column__cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); }
.prep-card { background: var(--p-color-bg-surface, #fff); border-radius: 12px; padding: 16px;
  box-shadow: var(--p-shadow-200, 0 1px 2px rgba(0,0,0,.2)); border-left: 8px solid #8a8a8a;
  font-size: 18px; line-height: 1.35; overflow-wrap: anywhere; }
.prep-card--received { border-left-color: #0070e0; }
.prep-card--preparing { border-left-color: #e0a300; }
.prep-card--ready { border-left-color: #008060; }
.prep-card--cancelled { border-left-color: #c70a24; }
.prep-card__title { margin: 0; font-size: 28px; line-height: 1.15; font-weight: 800; }
.prep-card__code { font-variant-numeric: tabular-nums; letter-spacing: 0.04em; }
.prep-card__meta { margin: 4px 0 0; font-size: 16px; color: var(--p-color-text-secondary, #4a4a4a); }
.prep-card__meta strong { color: var(--p-color-text, #303030); }
.prep-card__heading { margin: 12px 0 4px; font-size: 16px; text-transform: uppercase; letter-spacing: 0.06em; color: #4a4a4a; }
.prep-card__make { margin: 0; padding: 0; list-style: none; font-size: 22px; line-height: 1.3; }
.prep-card__make li + li { margin-top: 4px; }
.prep-card__guests { margin: 0; padding: 0; list-style: none; }
.prep-card__guests > li + li { margin-top: 8px; }
.prep-card__guests ul { margin: 2px 0 0; padding-left: 20px; }
.prep-card__guest { font-weight: 700; }
.prep-card__note, .prep-card__line-note { font-style: italic; }
.prep-card__note { margin: 2px 0 0; }
.prep-card__alert { margin: 8px 0 0; color: #8e0b21; font-weight: 700; }
.prep-card__avoids { color: #8e0b21; font-weight: 700; }
.prep-card__facts { color: #4a4a4a; font-size: 14px; }
.prep-card__line--conflict { background: #fee9e8; border-left: 4px solid #c70a24; padding: 2px 6px; margin-left: -10px; border-radius: 4px; }
.prep-card__check { display: block; color: #8e0b21; }
.prep-next { display: block; width: 100%; min-height: 64px; margin-top: 16px; border: 0; border-radius: 12px;
  background: #303030; color: #fff; font: inherit; font-size: 24px; font-weight: 700; cursor: pointer; }
.prep-next:hover { background: #1a1a1a; }
.prep-next:focus-visible { outline: 4px solid #005bd3; outline-offset: 2px; }
.prep-next:disabled { opacity: 0.7; cursor: progress; }
.prep-next--received { background: #0050a0; }
.prep-next--preparing { background: #7a5600; }
.prep-next--ready { background: #006045; }
.prep-card__prints { display: flex; flex-wrap: wrap; gap: 8px 20px; margin: 12px 0 0; font-size: 18px; }
.prep-card__prints a { color: #005bd3; padding: 8px 0; }
`;

function Column({ name, orders, className }: { name: string; orders: BoardCard[]; className?: string }) {
  const t = useT();
  const id = `prep-column-${name}`;
  return (
    <section className={`prep-column ${className ?? ''}`} aria-labelledby={id}>
      <h2 className="prep-column__title" id={id}>
        {t('admin.prep.columnTitle', { title: t(`admin.prep.column.${name}`), count: orders.length })}
      </h2>
      {orders.length ? (
        <div className="prep-column__cards">
          {orders.map((order) => (
            <PrepOrderCard key={order.id} order={order} />
          ))}
        </div>
      ) : (
        <p className="prep-column__empty">{t('admin.prep.none')}</p>
      )}
    </section>
  );
}

export function PrepColumns({ orders }: { orders: BoardCard[] }) {
  const inState = (states: readonly string[]) => orders.filter((order) => states.includes(order.state));
  const done = inState(DONE.states);
  return (
    <>
      <style>{PREP_BOARD_CSS}</style>
      <div className="prep-columns">
        {COLUMNS.map((column) => (
          <Column key={column.key} name={column.key} orders={inState(column.states)} />
        ))}
      </div>
      {done.length ? <Column name={DONE.key} orders={done} className="prep-done" /> : null}
    </>
  );
}
