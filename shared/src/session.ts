import { z } from 'zod';
import { tierSchema } from './plans.js';

export const sessionResponseSchema = z.object({
  id: z.string(),
  guestSessionId: z.string().nullable(),
  tier: tierSchema,
  imagesProcessed: z.number().int().nonnegative(),
  /** null means unlimited. */
  maxImages: z.number().int().nonnegative().nullable(),
  /** When the oldest counted image leaves a rolling window, so the UI can say when more are available. */
  nextImageAt: z.string().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Images left, or null for unlimited; never negative. */
export function remainingImages(session: Pick<SessionResponse, 'imagesProcessed' | 'maxImages'>): number | null {
  if (session.maxImages === null) return null;
  return Math.max(0, session.maxImages - session.imagesProcessed);
}
