import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export interface ToastMessage {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** One button in the toast, such as Undo; `altText` tells screen readers how to do the same without it. */
  action?: { label: string; altText: string; onClick: () => void };
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

// The toast's code (Radix toast, ~11 KB compressed) loads with the first toast or the first touch or key,
// not with the page (docs/decisions/0276).
const loadView = () => import('./ToastView');
const ToastView = lazy(loadView);
const WARM_ON = ['pointerdown', 'keydown'] as const;

/** One toast at a time, 5000 ms, swipe right, F8 focuses the viewport. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback<ShowToast>((message) => {
    // A new key mounts a fresh toast, so the newest message replaces the one on screen.
    setCurrent({ ...message, key: Date.now() });
    setOpen(true);
  }, []);

  useEffect(() => {
    const warm = () => {
      for (const type of WARM_ON) window.removeEventListener(type, warm, true);
      void loadView();
    };
    for (const type of WARM_ON) window.addEventListener(type, warm, { capture: true, passive: true });
    return () => {
      for (const type of WARM_ON) window.removeEventListener(type, warm, true);
    };
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView toast={current} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
