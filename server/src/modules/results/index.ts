/**
 * Results: the one owner of the `results` table and of the stored result files (docs/decisions/0172).
 * One row is a unit of quota, an entry of the owner's list and the key to a download. Other modules
 * and the entry points import only this file; no other file reads or writes the table.
 *
 * Reservations (what the quota ledger and result jobs use):
 * - reserve: inserts the 'processing' row under advisory locks, refusing quota_exceeded past the allowance.
 * - complete / giveBack / isCompleted: the job's end; resultsLedger(db) hands them to result jobs.
 * - giveBackStale: reservations a dead request left behind (STALE_RESERVATION_MS, docs/decisions/0150).
 * - countCharged / chargedOwnerOf / stricterCount: what modules/quota counts (its rules, our rows).
 *
 * An owner's results:
 * - openOwnedResult: the one download rule (web, developer API): 404 to anyone else, 410 past retention
 *   with the late file deleted at once, 410 when the store lost it. ownedBatch: the same rule per
 *   result of a selection (batch ZIP).
 * - findOwnedResult, historyOf, currentResultsOf, removeResult: one result, the pages, removing one.
 * - presentResult, downloadName, contentTypeOf: how a result is shown and named.
 * - adoptGuestResults, accountResults (a data export), deleteAccountResults + deleteStoredFiles (account deletion).
 * - countAllSpent, spentByUserField, madeByKeySinceField: counts for stats, admin and API keys.
 * - sweepResults / expireResult: the retention sweep of files and dead reservations; forgetOldUsage: the log's retention (0198).
 */
export {
  adoptGuestResults,
  accountResults,
  countAllSpent,
  deleteAccountResults,
  deleteStoredFiles,
  madeByKeySinceField,
  spentByUserField,
} from './accounts.js';
export {
  currentResultsOf,
  findOwnedResult,
  historyOf,
  openOwnedResult,
  ownedBatch,
  removeResult,
  type GoneWording,
  type ResultsDeps,
} from './owned.js';
export { contentTypeOf, downloadName, presentResult } from './present.js';
export {
  chargedOwnerOf,
  complete,
  countCharged,
  giveBack,
  giveBackStale,
  isCompleted,
  reserve,
  resultById,
  STALE_RESERVATION_MS,
  stricterCount,
  type Allowance,
  type ChargedOwner,
  type CountedTable,
  type OwnerColumns,
  type ReservedRow,
} from './reservations.js';
export { isReserved } from './spent.js';
export { expireResult, forgetOldUsage, sweepResults, type ResultsSweepReport } from './sweep.js';
export type { ResultRow } from '../../db/schema/results.js';
