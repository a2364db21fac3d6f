/** Sizes in kilobytes, grouped by the interface language: whole ones, with one decimal below 10 KB so a small file is never "0 KB". */
export function formatKb(bytes: number, language: string): string {
  const kb = bytes / 1024;
  return new Intl.NumberFormat(language, { maximumFractionDigits: kb < 10 ? 1 : 0 }).format(kb);
}

/** Percent of the original saved, rounded; negative when the result is larger. */
export function percentSaved(originalBytes: number, processedBytes: number): number {
  if (originalBytes <= 0) return 0;
  return Math.round((1 - processedBytes / originalBytes) * 100);
}

/**
 * A result's similarity to its original (SSIM, 0–1) as a percentage with at most one decimal, rounded
 * down so it never claims more than was measured: 0.99648 → "99.6" ("99,6" in German).
 */
export function formatLikeness(similarity: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Math.floor(similarity * 1000) / 10);
}

/** Size limits as the product writes them ("up to 10MB"). */
export function formatMb(bytes: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))}MB`;
}

/** A date as the interface language writes it: every date on every page goes through here or formatDateTime, so a page has one format. */
export function formatDate(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(date);
}

/** A date with its time, the date part written as formatDate writes it. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
