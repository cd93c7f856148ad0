import { Button, ButtonGroup } from '@shopify/polaris';
import { useMenuAction } from './useMenuAction';

export function RowActions({
  subject,
  id,
  active,
  onEdit,
  first,
  last,
}: {
  subject: 'item' | 'group' | 'modifier';
  id: number;
  active: boolean;
  onEdit: () => void;
  first: boolean;
  last: boolean;
}) {
  const { submit, busy } = useMenuAction();
  const go = (verb: string) => submit({ intent: `${subject}.${verb}`, id: String(id) });
  return (
    <ButtonGroup variant="segmented">
      <Button size="slim" disabled={first || busy} onClick={() => go('up')} accessibilityLabel="Move up">
        ↑
      </Button>
      <Button size="slim" disabled={last || busy} onClick={() => go('down')} accessibilityLabel="Move down">
        ↓
      </Button>
      <Button size="slim" onClick={onEdit}>
        Edit
      </Button>
      <Button size="slim" disabled={busy} onClick={() => go(active ? 'archive' : 'unarchive')}>
        {active ? 'Archive' : 'Unarchive'}
      </Button>
    </ButtonGroup>
  );
}
