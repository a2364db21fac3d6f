import * as RadixToast from '@radix-ui/react-toast';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from './Toast';

/** The toast on screen and the viewport it sits in (Toast.tsx loads this with the first toast). */
export default function ToastView({
  toast: current,
  open,
  onOpenChange,
}: {
  toast: ToastMessage & { key: number };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const destructive = current.variant === 'destructive';
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('toast.label')}>
      <RadixToast.Root
        key={current.key}
        open={open}
        onOpenChange={onOpenChange}
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
      <RadixToast.Viewport
        hotkey={['F8']}
        label={t('toast.viewport')}
        // Above the cookie notice while it is open, never over it (decision 0224).
        className="fixed right-0 bottom-[var(--consent-banner-height,0px)] z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </RadixToast.Provider>
  );
}
