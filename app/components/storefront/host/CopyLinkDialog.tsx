import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '~/components/i18n';

/** The link selected for copying by hand, when the browser refuses to copy it (useShareLink). */
export default function CopyLinkDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog host-copy-dialog">
          <Dialog.Title className="dialog__title">{t('host.share.copy')}</Dialog.Title>
          <Dialog.Description className="muted small">{t('host.share.dialogBody')}</Dialog.Description>
          <input
            className="input host-copy-input"
            readOnly
            value={url}
            aria-label={t('host.share.joinLink')}
            onFocus={(event) => event.currentTarget.select()}
            autoFocus
          />
          <Dialog.Close className="btn btn--secondary btn--block host-copy-close">
            {t('host.share.done')}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
