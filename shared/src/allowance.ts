import type { SessionResponse } from './session.js';

/** Images left, or null for unlimited; never negative. */
export function remainingImages(session: Pick<SessionResponse, 'imagesProcessed' | 'maxImages'>): number | null {
  if (session.maxImages === null) return null;
  return Math.max(0, session.maxImages - session.imagesProcessed);
}
