import type { ResultRow } from '../db/schema/index.js';

/** The columns a finished job writes into its result row. */
export type CompletedColumns = Pick<ResultRow, 'processedSize' | 'format'> &
  Partial<Pick<ResultRow, 'width' | 'height' | 'quality' | 'search' | 'similarity' | 'alreadyOptimal' | 'smart' | 'report'>>;

/**
 * The quota ledger as result jobs see it. Jobs sit below the modules and never import them: the entry
 * points (app.ts, main.ts, worker.ts) hand them modules/quota's quotaLedger(db).
 */
export interface ReservationLedger {
  /**
   * Marks the reserved result completed with its stored file. True also when it already was, with that
   * file (a job run twice); false when the reservation is gone (given back meanwhile).
   */
  complete(resultId: string, storageKey: string, columns: CompletedColumns): Promise<boolean>;
  /** Gives the unit back; only a reservation goes (a completed result stays spent), so twice is harmless. */
  giveBack(resultId: string): Promise<void>;
  /** Whether the result is completed: the row is the truth when a job's own report is lost. */
  isCompleted(resultId: string): Promise<boolean>;
}
