import { z } from 'zod';
import { tierSchema } from './plans.js';

export const sessionResponseSchema = z.object({
  id: z.string(),
  guestSessionId: z.string().nullable(),
  tier: tierSchema,
  imagesProcessed: z.number().int().nonnegative(),
  /** null means unlimited. */
  maxImages: z.number().int().nonnegative().nullable(),
  /** When more images become available (a rolling window's oldest leaves it; a calendar month renews); null while none is counted. */
  nextImageAt: z.string().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
