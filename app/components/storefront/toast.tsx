import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type ToastMessage = { title: string; description?: string; tone?: 'success' | 'error' | 'info' };

type ToastContextValue = { show: (toast: ToastMessage) => void };

const ToastContext = createContext<ToastContextValue>({ show: () => undefined });

// Spec: one toast at a time, 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region.
export const TOAST_DURATION_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const show = useCallback(
    (toast: ToastMessage) => setCurrent({ ...toast, key: Date.now() + Math.random() }),
    [],
  );
  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={50}
        label="Notification"
      >
        {children}
        {current ? (
          <Toast.Root
            key={current.key}
            className={`toast toast--${current.tone ?? 'success'}`}
            onOpenChange={(open) => {
              if (!open) setCurrent(null);
            }}
          >
            <Toast.Title className="toast__title">{current.title}</Toast.Title>
            {current.description ? (
              <Toast.Description className="toast__description">{current.description}</Toast.Description>
            ) : null}
            <Toast.Close className="toast__close" aria-label="Dismiss">
              ×
            </Toast.Close>
          </Toast.Root>
        ) : null}
        <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
