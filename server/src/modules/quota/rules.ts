import { lte } from 'drizzle-orm';
import type { Plan, QuotaWindow, Tier } from '@lightpix/shared';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/client.js';
import { heavyWork } from '../../db/schema/heavy-work.js';
import type { ResultJobSpec } from '../../jobs/result-job.js';
import type { PlanTable } from '../plans/index.js';
import { chargedOwnerOf, countCharged, stricterCount, type Allowance, type ChargedOwner } from '../results/index.js';

// The quota's counting rules, over modules/results' rows (docs/decisions/0172): the plan a visitor is
// counted against, its allowance in its window and what is used of it, and the heavy-work budget (0147).

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

/** Who a unit of quota is charged to. */
export type QuotaOwner = ChargedOwner;

export interface QuotaUsage {
  used: number;
  /**
   * When more images become available: a rolling window's oldest unit leaves it after exactly 24 h;
   * a calendar month renews at the next month's start (UTC). Null while nothing is counted.
   */
  nextImageAt: Date | null;
}

const DAY_MS = 24 * 3600 * 1000;

export function windowStart(window: QuotaWindow, now: Date): Date {
  if (window === 'rolling-24h') return new Date(now.getTime() - DAY_MS);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** How many results the plan allows in its window: what results.reserve checks under its locks. */
export function allowanceOf(plan: Plan, now: Date): Allowance {
  return { max: plan.maxImages, since: windowStart(plan.window, now) };
}

/** Units used in the plan's window: reservations in progress count, so parallel uploads cannot overspend. */
export async function quotaUsage(db: Database, plan: Plan, owner: QuotaOwner, now: Date): Promise<QuotaUsage> {
  const { used, oldest } = await countCharged(db, owner, windowStart(plan.window, now));
  let nextImageAt: Date | null = null;
  if (used > 0 && plan.window === 'calendar-month') nextImageAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  else if (oldest) nextImageAt = new Date(oldest.getTime() + DAY_MS);
  return { used, nextImageAt };
}

/**
 * Jobs that hit their time or memory limit one owner may have in an hour: past them, heavy work is
 * refused until the oldest leaves the hour (docs/decisions/0147).
 */
export const HEAVY_WORK_PER_HOUR = 3;
export const HEAVY_WORK_WINDOW_MS = 3600 * 1000;

/** Pixels over all frames from which an image counts as heavy work: a 24 MP camera photo is not; a 100-frame 500×500 animation is. */
export const HEAVY_PIXELS = 25_000_000;

/** Work that may reach a job's limits, and is refused once the budget is spent: big or long animations, and every deck. */
export function isHeavyWork(spec: ResultJobSpec): boolean {
  if (spec.kind === 'deck') return true;
  const { width, height, pages } = spec.input.info;
  return width * height * pages >= HEAVY_PIXELS;
}

/** Limit hits in the last hour, and when the oldest leaves it (null while none); counted as the quota is (results' stricterCount). */
export async function heavyWorkUsage(db: Database, owner: ChargedOwner, now: Date): Promise<{ used: number; freesAt: Date | null }> {
  const since = new Date(now.getTime() - HEAVY_WORK_WINDOW_MS);
  const { used, oldest } = await stricterCount(db, owner, heavyWork, since);
  return { used, freesAt: oldest ? new Date(oldest.getTime() + HEAVY_WORK_WINDOW_MS) : null };
}

/** 429 with Retry-After; the browser writes it from the code and figures (docs/decisions/0142). */
export function heavyWorkSpent(freesAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((freesAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'heavy_work_spent',
    `${HEAVY_WORK_PER_HOUR} of your files in the last hour took too long or needed too much memory. Large files can be sent again in ${minutes} minutes; smaller images still work.`,
    undefined,
    { 'Retry-After': String(seconds) },
  ).withParams({ max: HEAVY_WORK_PER_HOUR, minutes });
}

/** Refuses heavy work while the owner's budget is spent. */
export async function assertHeavyWorkLeft(db: Database, owner: ChargedOwner, now: Date): Promise<void> {
  const { used, freesAt } = await heavyWorkUsage(db, owner, now);
  if (used >= HEAVY_WORK_PER_HOUR && freesAt) throw heavyWorkSpent(freesAt, now);
}

/** Charges the reserved result's owner one limit hit; a job reported twice (retried, or by two paths) is charged once. */
export async function chargeLimitHit(db: Database, resultId: string, now: Date): Promise<void> {
  const row = await chargedOwnerOf(db, resultId);
  if (!row) return;
  await db
    .insert(heavyWork)
    .values({ resultId, ...row, createdAt: now })
    .onConflictDoNothing();
}

/** Refuses a waiting heavy job whose owner's budget was spent meanwhile (the owner read from its reservation). */
export async function refuseIfHeavyWorkSpent(db: Database, resultId: string, now: Date): Promise<void> {
  const row = await chargedOwnerOf(db, resultId);
  if (!row) return;
  await assertHeavyWorkLeft(db, { ...row, guestSessionId: row.guestSessionId ?? '' }, now);
}

/** Retention (docs/decisions/0198): a charge matters for an hour; older ones, which name an owner and address, go. */
export async function forgetOldHeavyWork(db: Database, olderThan: Date): Promise<number> {
  const deleted = await db.delete(heavyWork).where(lte(heavyWork.createdAt, olderThan)).returning({ id: heavyWork.resultId });
  return deleted.length;
}
