import * as Toast from '@radix-ui/react-toast';
import { useLocation } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type ToastMessage = {
  title: string;
  description?: string;
  tone?: 'success' | 'error' | 'info';
  /** Raised just before navigating: it announces the next page, so it may stay for that one page. */
  forNextPage?: boolean;
};

type ToastContextValue = { show: (toast: ToastMessage) => void };

const ToastContext = createContext<ToastContextValue>({ show: () => undefined });

// Spec: one toast at a time, 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region.
export const TOAST_DURATION_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [current, setCurrent] = useState<(ToastMessage & { key: number; path: string }) | null>(null);
  const show = useCallback(
    (toast: ToastMessage) =>
      setCurrent({ ...toast, key: Date.now() + Math.random(), path: window.location.pathname }),
    [],
  );
  // A toast belongs to the page that raised it: "Order Not Found" must not follow the person to the
  // join page and cover its button. One announcing the next page is kept there, and only there.
  useEffect(() => {
    setCurrent((toast) => {
      if (!toast || toast.path.endsWith(pathname)) return toast;
      return toast.forNextPage ? { ...toast, forNextPage: false, path: window.location.pathname } : null;
    });
  }, [pathname]);
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
