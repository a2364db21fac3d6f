import { lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { heavyWork } from '../../db/schema/heavy-work.js';
import { AppError } from '../../core/errors.js';
import type { ResultJobSpec } from '../../jobs/result-job.js';
import { chargedOwnerOf, stricterCount, type ChargedOwner } from '../results/index.js';

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

/** Limit hits in the last hour, and when the oldest leaves it (null while none); counted as the quota is (owners.ts). */
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
