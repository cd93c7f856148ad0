import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../toast';

export const COPIED_MS = 3000;

/**
 * Copy and share for a join link. Copying shows "Copied!" for 3 seconds; when the browser refuses, a
 * popup shows the link selected for copying by hand, with the spec's toast.
 */
export function useShareLink(url: string, title: string) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const [popupOpen, setPopupOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      toast.show({ title: 'Link Copied!', description: 'Paste it into a chat or e-mail to invite people.' });
    } catch {
      setPopupOpen(true);
      toast.show({
        title: 'Copy Link',
        description: 'Select and copy the link from the popup window.',
        tone: 'info',
      });
    }
  }, [toast, url]);

  const share = useCallback(async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: `Join our group order: ${title}`, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy();
  }, [copy, title, url]);

  const popup = (
    <Dialog.Root open={popupOpen} onOpenChange={setPopupOpen}>
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

  return { copied, copy, share, popup };
}
