import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../ui';

/** "Remove 3x Flat White from Cleo's order?": the host's removal, asked in the app's own dialog. */
export default function RemoveItemDialog({
  what,
  guestName,
  onRemove,
  onCancel,
}: {
  what: string;
  guestName: string;
  onRemove: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog host-submit-dialog">
          <Dialog.Title className="dialog__title">
            Remove {what} from {guestName}&apos;s order?
          </Dialog.Title>
          <Dialog.Description className="muted small">
            {guestName} sees it on their order page, and gets an e-mail if they gave an address.
          </Dialog.Description>
          <div className="stack host-submit-dialog__actions">
            <Button variant="danger" className="btn--block" onClick={onRemove}>
              Remove
            </Button>
            <Dialog.Close className="btn btn--secondary btn--block">Keep it</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
