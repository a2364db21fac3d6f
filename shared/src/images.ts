import { z } from 'zod';

/** The settings the user picks; sent as multipart text fields. */
export const processFieldsSchema = z.object({
  sessionId: z.string().optional(),
  width: z.string().optional().default(''),
  height: z.string().optional().default(''),
  quality: z.string().optional().default('75'),
  /** Empty text or 'original' keeps the input's format; 'auto' picks the smallest of the plan's formats (SMALLEST_FORMAT). */
  format: z.string().optional().default(''),
  maintainRatio: z.string().optional().default('true'),
  /** Optional target size in bytes: the largest quality that fits is used. */
  maxBytes: z.string().optional().default(''),
  /** 'true' keeps EXIF and XMP (orientation applied); stripped by default. */
  keepMetadata: z.string().optional().default('false'),
});
export type ProcessFields = z.infer<typeof processFieldsSchema>;

/** The format choice "Smallest — WebP or AVIF when smaller": per image, the smallest of the plan's formats at smart mode's look. */
export const SMALLEST_FORMAT = 'auto';

export const resultStatusSchema = z.enum(['processing', 'completed', 'failed', 'expired']);
export type ResultStatus = z.infer<typeof resultStatusSchema>;

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
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ImageRecord = z.infer<typeof imageRecordSchema>;

export const historyResponseSchema = z.object({ items: z.array(imageRecordSchema) });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
