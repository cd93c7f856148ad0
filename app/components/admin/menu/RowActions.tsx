import { useT } from '~/components/i18n';
import { Button, ButtonGroup } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useMenuAction } from './useMenuAction';

/**
 * A row's buttons: ↑/↓ (the keyboard's way to reorder; items can also be dragged), Edit, Archive, and
 * whatever the row adds (`children`). The arrows are named after the row, so a screen reader says which.
 */
export function RowActions({
  subject,
  id,
  name,
  active,
  onEdit,
  first,
  last,
  children,
}: {
  subject: 'item' | 'group' | 'modifier';
  id: number;
  name: string;
  active: boolean;
  onEdit: () => void;
  first: boolean;
  last: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const { submit, busy } = useMenuAction();
  const go = (verb: string) => submit({ intent: `${subject}.${verb}`, id: String(id) });
  return (
    <ButtonGroup variant="segmented">
      <Button
        size="slim"
        disabled={first || busy}
        onClick={() => go('up')}
        accessibilityLabel={t('admin.menu.moveUp', { name })}
      >
        ↑
      </Button>
      <Button
        size="slim"
        disabled={last || busy}
        onClick={() => go('down')}
        accessibilityLabel={t('admin.menu.moveDown', { name })}
      >
        ↓
      </Button>
      <Button size="slim" onClick={onEdit}>
        {t('admin.menu.editButton')}
      </Button>
      {children}
      <Button size="slim" disabled={busy} onClick={() => go(active ? 'archive' : 'unarchive')}>
        {active ? t('admin.menu.archive') : t('admin.menu.unarchive')}
      </Button>
    </ButtonGroup>
  );
}
