/** Sizes are shown in whole kilobytes (SPEC §2), grouped by the interface language. */
export function formatKb(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(Math.round(bytes / 1024));
}

/** Percent of the original saved, rounded; negative when the result is larger. */
export function percentSaved(originalBytes: number, processedBytes: number): number {
  if (originalBytes <= 0) return 0;
  return Math.round((1 - processedBytes / originalBytes) * 100);
}

/** Size limits as SPEC writes them ("up to 10MB"). */
export function formatMb(bytes: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))}MB`;
}
