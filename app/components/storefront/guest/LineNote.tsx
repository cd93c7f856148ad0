import { useT } from '~/components/i18n';

// How a line's choices and note read wherever a guest sees the line (their order, review, confirmed): a
// module of its own, so the pages that show lines do not load the menu's order card to say them.

/** A line's own note ("heated"), under the line; nothing when there is none. */
export function LineNote({ note }: { note?: string | null }) {
  const t = useT();
  return note ? <span className="line-note">{t('guest.line.note', { note })}</span> : null;
}

export function modifierText(modifiers: { name: string }[]) {
  return modifiers.map((m) => m.name).join(', ');
}
