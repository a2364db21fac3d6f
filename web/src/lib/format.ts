const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.NumberFormat per language and options: making one costs far more than using it (a list of 20 results formats ~100 numbers). */
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(language, options)));
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(language, options)));
  return format;
}

/**
 * Intl's output with one kind of space a language: its narrow no-break space (French digit groups,
 * French percent) becomes the no-break space every translation uses (shared/src/i18n/README.md).
 */
const oneSpace = (text: string) => text.replace(/\u202f/g, '\u00a0');

/** A number and its unit never split across lines: the space Intl puts between them is a no-break space. */
const unbroken = (text: string) => oneSpace(text).replace(/ /g, '\u00a0');

/**
 * A file's size in the interface language's own units ("147 kB", "147 ko", "2.4 MB", "2,4 Mo"), by
 * `Intl.NumberFormat`: kilobytes below 1,000 kB, one decimal below 10 kB so a small file is never "0 kB";
 * megabytes above, with one decimal. Kilo and mega count 1,024, as the upload limits do.
 */
export function formatSize(bytes: number, language: string): string {
  const kb = bytes / 1024;
  if (Math.round(kb) < 1000) {
    return unbroken(numberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: kb < 10 ? 1 : 0 }).format(kb));
  }
  return formatMb(bytes, language);
}

/** Percent of the original saved, rounded; negative when the result is larger. */
export function percentSaved(originalBytes: number, processedBytes: number): number {
  if (originalBytes <= 0) return 0;
  return Math.round((1 - processedBytes / originalBytes) * 100);
}

/** A percentage (0–100) as the interface language writes it: "75%" (en, it, pl), "75 %" (es, de, fr). */
export function formatPercent(value: number, language: string, maximumFractionDigits = 0): string {
  return unbroken(numberFormat(language, { style: 'percent', maximumFractionDigits }).format(value / 100));
}

/**
 * A result's similarity to its original (SSIM, 0–1) as a percentage with at most one decimal, rounded
 * down so it never claims more than was measured: 0.99648 → "99.6%" ("99,6 %" in German).
 */
export function formatLikeness(similarity: number, language: string): string {
  return formatPercent(Math.floor(similarity * 1000) / 10, language, 1);
}

/** Size limits as the product writes them: "10 MB", "10 Mo" in French. */
export function formatMb(bytes: number, language: string): string {
  return unbroken(numberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024)));
}

/** A date as the interface language writes it: every date on every page goes through here or formatDateTime, so a page has one format. */
export function formatDate(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(language, { dateStyle: 'medium', timeZone }).format(date);
}

/** A date with its time, the date part written as formatDate writes it. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A file name in two parts for an ellipsis in its middle: the head may be cut, the tail (the stem's last
 * six characters and the extension) is always shown, so "holiday-at-the-sea-0012.jpg" reads "holiday-at…0012.jpg".
 */
export function splitFileName(name: string): { head: string; tail: string } {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  const stem = name.slice(0, name.length - extension.length);
  const keep = Math.min(6, Math.max(0, stem.length - 6));
  return { head: stem.slice(0, stem.length - keep), tail: stem.slice(stem.length - keep) + extension };
}
