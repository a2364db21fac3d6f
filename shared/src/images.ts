import { z } from 'zod';
import { outputFormatSchema, type OutputFormat } from './plans.js';
import { DEFAULT_QUALITY, MAX_DIMENSION, MIN_TARGET_BYTES, parseQuality, QUALITY_MAX, QUALITY_MIN, SMALLEST_FORMAT } from './settings.js';
import { deckReportSchema } from './presentations.js';

/** A whole number from `min` to `max` typed as text; empty means "not set" (null). */
function wholeNumberOrEmpty(min: number, max: number, message: string) {
  return z
    .string()
    .default('')
    .transform((text, context) => {
      if (text.trim() === '') return null;
      const value = Number(text);
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

function trueOrFalse(fallback: 'true' | 'false') {
  return z
    .string()
    .default(fallback)
    .refine((text) => text === 'true' || text === 'false', { message: "Must be 'true' or 'false'." })
    .transform((text) => text === 'true');
}

/**
 * The settings the user picks, sent as multipart text fields, read into what the engine needs.
 * Which output formats a plan allows is checked apart (formatAllowed), since refusing one is a 403.
 */
export const processSettingsSchema = z.object({
  sessionId: z.string().optional(),
  width: wholeNumberOrEmpty(1, MAX_DIMENSION, `Must be a whole number from 1 to ${MAX_DIMENSION}, or empty.`),
  height: wholeNumberOrEmpty(1, MAX_DIMENSION, `Must be a whole number from 1 to ${MAX_DIMENSION}, or empty.`),
  quality: z
    .string()
    .default(String(DEFAULT_QUALITY))
    .transform((text, context): number | 'smart' => {
      const quality = parseQuality(text);
      if (quality !== null) return quality;
      context.addIssue({ code: 'custom', message: `Must be a whole number from ${QUALITY_MIN} to ${QUALITY_MAX}, or 'smart'.` });
      return z.NEVER;
    }),
  /** Empty text or 'original' keeps the input's format; 'auto' picks the smallest of the plan's formats (SMALLEST_FORMAT). */
  format: z
    .string()
    .default('')
    .transform((text, context): OutputFormat | 'original' | typeof SMALLEST_FORMAT => {
      if (text === '' || text === 'original') return 'original';
      if (text === SMALLEST_FORMAT) return SMALLEST_FORMAT;
      const format = outputFormatSchema.safeParse(text === 'jpg' ? 'jpeg' : text);
      if (format.success) return format.data;
      context.addIssue({
        code: 'custom',
        message: `Must be empty (keep the original), jpeg, png, webp, avif or ${SMALLEST_FORMAT} (the smallest your plan allows).`,
      });
      return z.NEVER;
    }),
  maintainRatio: trueOrFalse('true'),
  /** Optional target size in bytes: the largest quality that fits is used. */
  maxBytes: wholeNumberOrEmpty(
    MIN_TARGET_BYTES,
    Number.MAX_SAFE_INTEGER,
    `Must be a whole number of bytes, at least ${MIN_TARGET_BYTES}, or empty.`,
  ),
  /** 'true' keeps EXIF and XMP (orientation applied); stripped by default. */
  keepMetadata: trueOrFalse('false'),
});
export type ProcessSettings = z.output<typeof processSettingsSchema>;
export type ProcessFields = z.input<typeof processSettingsSchema>;

/** Whether a plan may write this format; keeping the original or the smallest of its own is always allowed. */
export function formatAllowed(plan: { readonly outputFormats: readonly OutputFormat[] }, format: ProcessSettings['format']): boolean {
  return format === 'original' || format === SMALLEST_FORMAT || plan.outputFormats.includes(format);
}

export const resultStatusSchema = z.enum(['processing', 'completed', 'failed', 'expired']);
export type ResultStatus = z.infer<typeof resultStatusSchema>;

export const searchOutcomeSchema = z.enum(['complete', 'cut short']);
export type SearchOutcome = z.infer<typeof searchOutcomeSchema>;

export const imageRecordSchema = z.object({
  id: z.string(),
  originalName: z.string(),
  originalSize: z.number().int(),
  processedSize: z.number().int(),
  status: resultStatusSchema,
  objectPath: z.string().nullable(),
  format: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The quality the encoder used (the one smart lightening or the target size chose). */
  quality: z.number().int(),
  /** True when re-encoding could not beat the upload and the original data came back, metadata removed. */
  alreadyOptimal: z.boolean(),
  /** Smart lightening picked the quality; the number is then the chosen encoder table's own setting. */
  smart: z.boolean(),
  /**
   * How smart mode's, the smallest format's or a target size's search ended: 'complete', or 'cut short'
   * when it reached its time limit on a busy server and returned the best result it had already verified
   * at the same look (a target size: the best that fits, else the closest; not an error). Null for a
   * fixed quality without a target size and for results made before it was recorded.
   */
  search: searchOutcomeSchema.nullable(),
  /**
   * How like the original the result looks, as the engine measured it: SSIM from 0 to 1 (1 = the same
   * pixels), in colour at the size a page shows it (at most 1600 px on the long side). Null for decks and
   * for results made before it was recorded.
   */
  similarity: z.number().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The page's selection it came with (null for single uploads and the developer API). */
  batchId: z.string().nullable().optional(),
  /** The folder it sat in when a folder was chosen. */
  folder: z.string().nullable().optional(),
  /** An image, or a PowerPoint deck (then `format` is 'pptx' and `report` says what changed). */
  kind: z.enum(['image', 'deck']),
  report: deckReportSchema.nullable(),
});
export type ImageRecord = z.infer<typeof imageRecordSchema>;

/** Results and history come a page at a time, newest first (docs/decisions/0120-results-paged-by-cursor.md). */
export const RESULTS_PAGE_SIZE = 20;

/** `?cursor=` from the previous page's `nextCursor` (opaque), `?kind=` to list only images or only decks. */
export const resultsPageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  kind: z.enum(['image', 'deck']).optional(),
});
export type ResultsPageQuery = z.infer<typeof resultsPageQuerySchema>;

/** One page: `nextCursor` is null on the last one. */
export const historyResponseSchema = z.object({ items: z.array(imageRecordSchema), nextCursor: z.string().nullable() });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** Which selection a file came with, sent beside the settings as multipart text fields (docs/decisions/0045). */
export const batchFieldsSchema = z.object({
  /** The page's selection this file belongs to (a UUID), so its results can be downloaded as one ZIP. */
  batchId: z.string().default(''),
  /** Where the file was inside a chosen folder ("Holiday/Day 1/photo.jpg"); the ZIP keeps that folder. */
  relativePath: z.string().default(''),
});

/** A batch is named by the page with a random UUID (crypto.randomUUID()). */
export const batchIdSchema = z.uuid();

/** The ZIP's note naming the results it could not include (expired or removed since). */
export const BATCH_ZIP_NOTE = 'not-included.txt';

export const resultsResponseSchema = historyResponseSchema;
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;
