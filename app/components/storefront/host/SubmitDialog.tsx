import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../ui';

/** "Submit 14 items from 6 people to Demo Coffee?": asked before the order goes to the shop (HostControls). */
export default function SubmitDialog({
  question,
  onSubmit,
  onCancel,
}: {
  question: string;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog host-submit-dialog">
          <Dialog.Title className="dialog__title">{question}</Dialog.Title>
          <Dialog.Description className="muted small">
            The shop receives the order at once, and guests can no longer add items. You can reopen it with
            Edit This Order if something must change.
          </Dialog.Description>
          <div className="stack host-submit-dialog__actions">
            <Button className="btn--block" onClick={onSubmit}>
              Submit
            </Button>
            <Dialog.Close className="btn btn--secondary btn--block">Cancel</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
