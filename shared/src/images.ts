import { z } from 'zod';

/** The settings the user picks; sent as multipart text fields (SPEC §7). */
export const processFieldsSchema = z.object({
  sessionId: z.string().optional(),
  width: z.string().optional().default(''),
  height: z.string().optional().default(''),
  quality: z.string().optional().default('75'),
  /** Empty text or 'original' keeps the input's format. */
  format: z.string().optional().default(''),
  maintainRatio: z.string().optional().default('true'),
});
export type ProcessFields = z.infer<typeof processFieldsSchema>;

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
  /** True when re-encoding could not beat the upload and the original data came back, metadata removed. */
  alreadyOptimal: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ImageRecord = z.infer<typeof imageRecordSchema>;
