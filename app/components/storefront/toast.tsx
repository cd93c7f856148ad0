import { useLocation } from '@remix-run/react';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { ShownToast } from './ToastRegion';

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

// Radix Toast loads with the first toast, not with every page; the region stays mounted from then on.
const ToastRegion = lazy(() => import('./ToastRegion'));

export function ToastProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [used, setUsed] = useState(false);
  const show = useCallback((toast: ToastMessage) => {
    setUsed(true);
    setCurrent({ ...toast, key: Date.now() + Math.random(), path: window.location.pathname });
  }, []);
  const close = useCallback(() => setCurrent(null), []);
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
      {children}
      {used ? (
        <Suspense fallback={null}>
          <ToastRegion current={current} duration={TOAST_DURATION_MS} onClose={close} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
