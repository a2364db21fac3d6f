import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** The confirm button waits, e.g. until a typed confirmation matches. */
  confirmDisabled?: boolean;
  /** Shown under the text when the action failed, e.g. the server's refusal. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/**
 * A question asked in the page: a modal <dialog> (focus kept inside, Escape closes) named by its title and
 * described by its text; the safe choice has the focus, so Enter never destroys anything by accident.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  confirmDisabled = false,
  error,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLButtonElement>('[data-safe-choice]')?.focus();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] max-w-none rounded-2xl bg-white p-5 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div id={`${id}-body`} className="mt-2 text-sm text-slate-700">
        {children}
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button data-safe-choice variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant="secondary"
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          className="border-red-300 text-red-800 hover:bg-red-50"
        >
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
