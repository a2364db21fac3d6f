import type { Plan, Tier } from '@lightpix/shared';
import type { PlanTable } from '../plans/index.js';

/** An account as far as its allowance goes: its tier and whether its owner confirmed the e-mail address. */
export interface AllowanceHolder {
  tier: Tier;
  user: { emailConfirmedAt: Date | null } | null;
}

/** A free account that must confirm its e-mail (REQUIRE_EMAIL_CONFIRMATION) and has not yet (docs/decisions/0191). */
export function awaitsEmailConfirmation(plans: PlanTable, holder: AllowanceHolder): boolean {
  return plans.requireEmailConfirmation && holder.tier === 'registered' && holder.user !== null && holder.user.emailConfirmedAt === null;
}

/**
 * The plan a visitor's uploads are counted against: their tier's, except that a free account waiting on
 * its e-mail's confirmation gets the guest's allowance (count and window), counted on the account.
 */
export function allowedPlan(plans: PlanTable, holder: AllowanceHolder): Plan {
  const plan = plans[holder.tier];
  if (!awaitsEmailConfirmation(plans, holder)) return plan;
  return { ...plan, maxImages: plans.guest.maxImages, window: plans.guest.window };
}
