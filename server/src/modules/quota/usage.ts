import type { Plan, QuotaWindow } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { countCharged, type Allowance, type ChargedOwner } from '../results/index.js';

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
