import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../toast';
import { useT } from '~/components/i18n';

// The popup (Radix Dialog) is only needed when the browser refuses to copy: it loads then.
const CopyLinkDialog = lazy(() => import('./CopyLinkDialog'));

export const COPIED_MS = 3000;

/**
 * Copy and share for a join link. Copying shows "Copied!" for 3 seconds; when the browser refuses, a
 * popup shows the link selected for copying by hand, with the spec's toast.
 */
export function useShareLink(url: string, title: string) {
  const toast = useToast();
  const t = useT();
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
      toast.show({ title: t('host.share.copiedTitle'), description: t('host.share.copiedBody') });
    } catch {
      setPopupOpen(true);
      toast.show({
        title: t('host.share.copy'),
        description: t('host.share.copyByHand'),
        tone: 'info',
      });
    }
  }, [t, toast, url]);

  const share = useCallback(async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: t('host.share.shareText', { title }), url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy();
  }, [copy, t, title, url]);

  const popup = popupOpen ? (
    <Suspense fallback={null}>
      <CopyLinkDialog url={url} onClose={() => setPopupOpen(false)} />
    </Suspense>
  ) : null;

  return { copied, copy, share, popup };
}
