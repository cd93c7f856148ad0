import * as Dialog from '@radix-ui/react-dialog';

/** The link selected for copying by hand, when the browser refuses to copy it (useShareLink). */
export default function CopyLinkDialog({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog host-copy-dialog">
          <Dialog.Title className="dialog__title">Copy Link</Dialog.Title>
          <Dialog.Description className="muted small">Select the link below and copy it.</Dialog.Description>
          <input
            className="input host-copy-input"
            readOnly
            value={url}
            aria-label="Join link"
            onFocus={(event) => event.currentTarget.select()}
            autoFocus
          />
          <Dialog.Close className="btn btn--secondary btn--block host-copy-close">Done</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
