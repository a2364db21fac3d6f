import { AppError } from '../core/errors.js';
import type { ResultRow } from '../db/schema/index.js';

/** The columns a finished job writes into its result row. */
export type CompletedColumns = Pick<ResultRow, 'processedSize' | 'format'> &
  Partial<Pick<ResultRow, 'width' | 'height' | 'quality' | 'search' | 'similarity' | 'alreadyOptimal' | 'smart' | 'report'>>;

/** Whether a job's error is its time or memory limit (jobs/process-pool.ts), which costs its owner (docs/decisions/0147). */
export function hitALimit(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  return error.code === 'image_too_complex' || (error.code === 'too_many_pixels' && error.params?.reason === 'memory');
}

/**
 * The quota ledger as result jobs see it. Jobs sit below the modules and never import them: the entry
 * points (app.ts, main.ts, worker.ts) hand them modules/quota's quotaLedger(db).
 */
export interface ReservationLedger {
  /**
   * Marks the reserved result completed with its stored file, and gives the completed row. The row also
   * when it already was completed with that file (a job run twice); null when the reservation is gone
   * (given back meanwhile).
   */
  complete(resultId: string, storageKey: string, columns: CompletedColumns): Promise<ResultRow | null>;
  /** Gives the unit back; only a reservation goes (a completed result stays spent), so twice is harmless. */
  giveBack(resultId: string): Promise<void>;
  /** Charges a job that hit its time or memory limit to its owner's heavy work, once, while its row is still there (docs/decisions/0147). */
  chargeLimitHit(resultId: string): Promise<void>;
  /** Refuses (429) heavy work whose owner spent this hour's heavy-work budget meanwhile (docs/decisions/0147). */
  refuseIfHeavyWorkSpent(resultId: string): Promise<void>;
  /** Whether the result is completed: the row is the truth when a job's own report is lost. */
  isCompleted(resultId: string): Promise<boolean>;
}
