import clsx from 'clsx';
import { useId } from 'react';

interface FieldNotes {
  /** A standing hint under the field, or null. */
  hint: string | null;
  /** The field's current problem, if any. */
  error: string | undefined;
  /** Test id of the error line. */
  errorTestId: string;
}

/**
 * The wiring of one labelled text field: its id, the input's ARIA state and look, and the hint and
 * error lines under it, each tied to the input by aria-describedby.
 */
export function useFormField({ hint, error, errorTestId }: FieldNotes) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined,
    className: clsx(
      'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-500',
      error ? 'border-red-400' : 'border-slate-300',
    ),
  } as const;
  const notes = (
    <>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} data-testid={errorTestId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
  return { id, inputProps, notes };
}
