import type { Database } from '../../db/client.js';
import type { ReservationLedger } from '../../jobs/reservations.js';
import { complete, giveBack, isCompleted } from '../results/index.js';
import { chargeLimitHit, refuseIfHeavyWorkSpent } from './rules.js';

/**
 * The ledger handed to result jobs (jobs/reservations.ts) by the entry points: the reservation's end
 * is modules/results', heavy work is ours; `now` dates heavy work.
 */
export function quotaLedger(db: Database, now: () => Date = () => new Date()): ReservationLedger {
  return {
    complete: (resultId, storageKey, columns) => complete(db, resultId, storageKey, columns),
    giveBack: (resultId) => giveBack(db, resultId),
    chargeLimitHit: (resultId) => chargeLimitHit(db, resultId, now()),
    refuseIfHeavyWorkSpent: (resultId) => refuseIfHeavyWorkSpent(db, resultId, now()),
    isCompleted: (resultId) => isCompleted(db, resultId),
  };
}
