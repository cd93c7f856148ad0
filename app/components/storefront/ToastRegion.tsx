import * as Toast from '@radix-ui/react-toast';
import { useT } from '~/components/i18n';
import type { ToastMessage } from './toast';

/** The toast on screen: a key per toast, and the page that raised it (see ToastProvider). */
export type ShownToast = ToastMessage & { key: number; path: string };

/** The toast and its region (Radix Toast): loaded on demand by ToastProvider. */
export default function ToastRegion({
  current,
  duration,
  onClose,
}: {
  current: ShownToast | null;
  duration: number;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Toast.Provider
      duration={duration}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('ui.notifications')}
    >
      {current ? (
        <Toast.Root
          key={current.key}
          className={`toast toast--${current.tone ?? 'success'}`}
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
        >
          <Toast.Title className="toast__title">{current.title}</Toast.Title>
          {current.description ? (
            <Toast.Description className="toast__description">{current.description}</Toast.Description>
          ) : null}
          <Toast.Close className="toast__close" aria-label={t('ui.dismiss')}>
            ×
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
    </Toast.Provider>
  );
}
