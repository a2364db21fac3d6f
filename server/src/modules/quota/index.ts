/**
 * The quota's rules: what a plan allows in its window and the heavy-work budget. The rows it counts
 * are modules/results' (docs/decisions/0172): results.reserve checks allowanceOf under its locks.
 * Other modules use it through this door only.
 *
 * - allowanceOf / quotaUsage / windowStart: units allowed and used in the plan's window, and when the next one frees up.
 * - quotaLedger: the ReservationLedger result jobs get from the entry points (results' complete/giveBack,
 *   heavy work's charge and refusal).
 * - allowedPlan / awaitsEmailConfirmation: the plan a visitor is counted against; a free account waiting on its
 *   e-mail's confirmation gets the guest's allowance (docs/decisions/0191).
 * - isHeavyWork / assertHeavyWorkLeft: work that may reach a job's limits is refused once the owner's
 *   jobs hit them HEAVY_WORK_PER_HOUR times in an hour (docs/decisions/0147).
 */
export { quotaLedger } from './ledger.js';
export {
  allowanceOf,
  allowedPlan,
  assertHeavyWorkLeft,
  awaitsEmailConfirmation,
  forgetOldHeavyWork,
  heavyWorkUsage,
  HEAVY_PIXELS,
  HEAVY_WORK_PER_HOUR,
  isHeavyWork,
  quotaUsage,
  windowStart,
  type AllowanceHolder,
  type QuotaOwner,
  type QuotaUsage,
} from './rules.js';
