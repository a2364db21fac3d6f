/**
 * The quota ledger: one row in `results` per unit (docs/decisions/0002, 0150). Other modules use it
 * through this door only.
 *
 * - reserveUnit: inserts the 'processing' row under advisory locks after re-counting (quota_exceeded past the plan).
 * - completeReservation: the job is done, the unit is spent (result jobs get it as quotaLedger(db), a ReservationLedger).
 * - giveBackUnit / giveBackStaleReservations: the only ways a unit comes back (a failed job; a request that
 *   died, after STALE_RESERVATION_MS, or all at a lone instance's start).
 * - quotaUsage / windowStart: units used in the plan's window, and when the next one frees up.
 * - spentResults / spentResultsSql / isReserved: what counts as spent (history, admin, stats).
 * - isExpired / isDownloadable: whether a result's file may still be sent.
 * - isHeavyWork / assertHeavyWorkLeft: work that may reach a job's limits is refused once the owner's
 *   jobs hit them HEAVY_WORK_PER_HOUR times in an hour; giveBackUnit(…, 'hit a limit') charges one (docs/decisions/0147).
 */
export {
  completeReservation,
  giveBackStaleReservations,
  giveBackUnit,
  quotaLedger,
  quotaUsage,
  reserveUnit,
  STALE_RESERVATION_MS,
  windowStart,
  type QuotaOwner,
  type QuotaUsage,
  type ReservedRow,
} from './ledger.js';
export { isDownloadable, isExpired, isReserved, spentResults, spentResultsSql } from './spent.js';
export { assertHeavyWorkLeft, heavyWorkUsage, HEAVY_PIXELS, HEAVY_WORK_PER_HOUR, isHeavyWork } from './heavy-work.js';
