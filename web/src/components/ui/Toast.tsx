import * as RadixToast from '@radix-ui/react-toast';
import clsx from 'clsx';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToastMessage {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** One button in the toast, such as Undo; `altText` tells screen readers how to do the same without it. */
  action?: { label: string; altText: string; onClick: () => void };
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** One toast at a time, 5000 ms, swipe right, F8 focuses the viewport. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback<ShowToast>((message) => {
    // A new key mounts a fresh toast, so the newest message replaces the one on screen.
    setCurrent({ ...message, key: Date.now() });
    setOpen(true);
  }, []);

  const destructive = current?.variant === 'destructive';

  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('toast.label')}>
        {children}
        {current && (
          <RadixToast.Root
            key={current.key}
            open={open}
            onOpenChange={setOpen}
            className={clsx(
              'toast-root relative grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-xl border p-4 pr-3 shadow-lg',
              destructive ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900',
            )}
          >
            <RadixToast.Title className="font-semibold">{current.title}</RadixToast.Title>
            <RadixToast.Close
              aria-label={t('toast.close')}
              className="row-span-2 rounded-md p-1 text-lg leading-none text-slate-500 hover:bg-black/5 hover:text-slate-900"
            >
              ×
            </RadixToast.Close>
            {current.description && (
              <RadixToast.Description className={clsx('mt-1 text-sm', destructive ? 'text-red-800' : 'text-slate-600')}>
                {current.description}
              </RadixToast.Description>
            )}
            {current.action && (
              <RadixToast.Action
                altText={current.action.altText}
                onClick={current.action.onClick}
                className="col-start-1 mt-2 justify-self-start rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50"
              >
                {current.action.label}
              </RadixToast.Action>
            )}
          </RadixToast.Root>
        )}
        <RadixToast.Viewport
          hotkey={['F8']}
          label={t('toast.viewport')}
          // Above the cookie notice while it is open, never over it (decision 0224).
          className="fixed right-0 bottom-[var(--consent-banner-height,0px)] z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
        />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
