/** A centred spinner with a visible label, announced to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="spinner"
      className="flex flex-col items-center justify-center gap-3 py-16 text-slate-600"
    >
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" />
      <span>{label}</span>
    </div>
  );
}
