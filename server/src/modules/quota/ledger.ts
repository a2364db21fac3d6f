import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Plan, QuotaWindow } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { results, type ResultRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { CompletedColumns, ReservationLedger } from '../../jobs/reservations.js';
import { chargeLimitHit, refuseIfHeavyWorkSpent } from './heavy-work.js';
import { stricterCount, type ChargedOwner } from './owners.js';

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

/** What the reservation row records besides its owner, before the work starts. */
export interface ReservedRow {
  id: string;
  originalName: string;
  originalSize: number;
  expiresAt: Date;
  apiKeyId?: string | null;
  batchId?: string | null;
  folder?: string | null;
  kind?: 'image' | 'deck';
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * A reservation older than this belongs to a request that died mid-way: its unit is given back. A live
 * job is at most its queue wait plus its own time limit old (jobs/process-pool.ts): about 2.5 min;
 * with Redis a request waits at most 4 minutes for its job (jobs/bullmq-queue.ts). docs/decisions/0150.
 */
export const STALE_RESERVATION_MS = 5 * 60 * 1000;

export function windowStart(window: QuotaWindow, now: Date): Date {
  if (window === 'rolling-24h') return new Date(now.getTime() - DAY_MS);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Units used in the plan's window: reservations in progress count, so parallel uploads cannot overspend. */
export async function quotaUsage(db: Database, plan: Plan, owner: QuotaOwner, now: Date): Promise<QuotaUsage> {
  const since = windowStart(plan.window, now);
  const { used, oldest } = await stricterCount(db, owner, results, since);
  let nextImageAt: Date | null = null;
  if (used > 0 && plan.window === 'calendar-month') nextImageAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  else if (oldest) nextImageAt = new Date(oldest.getTime() + DAY_MS);
  return { used, nextImageAt };
}

function lockKeys(owner: QuotaOwner): string[] {
  return owner.userId ? [`quota:user:${owner.userId}`] : [`quota:guest:${owner.guestSessionId}`, `quota:ip:${owner.clientIp}`].sort();
}

/**
 * Reserves one unit by inserting the result row, under advisory locks on the owner's keys,
 * so parallel requests can never push the owner past the plan's allowance.
 */
export async function reserveUnit(db: Database, plan: Plan, owner: QuotaOwner, row: ReservedRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // In one statement, still in the keys' order: PostgreSQL evaluates a select list left to right (decision 0169).
    await tx.execute(
      sql`select ${sql.join(
        lockKeys(owner).map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`),
        sql`, `,
      )}`,
    );
    if (plan.maxImages !== null) {
      const { used } = await quotaUsage(tx as unknown as Database, plan, owner, now);
      if (used >= plan.maxImages) {
        throw new AppError('quota_exceeded', 'You have used all the images your plan allows for now.');
      }
    }
    await tx.insert(results).values({
      ...row,
      guestSessionId: owner.guestSessionId,
      userId: owner.userId,
      byGuest: owner.userId === null,
      clientIp: owner.clientIp,
      status: 'processing',
      createdAt: now,
    });
  });
}

/** The one place a unit is given back: only reservations go; a completed result stays spent. */
async function giveBackWhere(db: Database, which: SQL | undefined): Promise<number> {
  const given = await db
    .delete(results)
    .where(and(eq(results.status, 'processing'), which))
    .returning({ id: results.id });
  return given.length;
}

/** Gives a unit back: a file that failed uses no quota. Giving back twice, or a completed result, is harmless. */
export async function giveBackUnit(db: Database, resultId: string): Promise<void> {
  await giveBackWhere(db, eq(results.id, resultId));
}

/** Gives back reservations older than staleAfterMs (0 at a lone instance's start: none of its jobs can run). */
export function giveBackStaleReservations(db: Database, now: Date, staleAfterMs = STALE_RESERVATION_MS): Promise<number> {
  return giveBackWhere(db, lte(results.createdAt, new Date(now.getTime() - staleAfterMs)));
}

/** Marks a reservation completed (spent) with its stored file; see ReservationLedger.complete. */
export async function completeReservation(
  db: Database,
  resultId: string,
  storageKey: string,
  columns: CompletedColumns,
): Promise<ResultRow | null> {
  // The whole row comes back, so the request that waits for it need not read it again (decision 0169).
  const [completed] = await db
    .update(results)
    .set({ status: 'completed', ...columns, storageKey })
    .where(and(eq(results.id, resultId), eq(results.status, 'processing')))
    .returning();
  if (completed) return completed;
  const [row] = await db.select().from(results).where(eq(results.id, resultId));
  return row?.status === 'completed' && row.storageKey === storageKey ? row : null;
}

/** The ledger handed to result jobs (jobs/reservations.ts) by the entry points; `now` dates heavy work. */
export function quotaLedger(db: Database, now: () => Date = () => new Date()): ReservationLedger {
  return {
    complete: (resultId, storageKey, columns) => completeReservation(db, resultId, storageKey, columns),
    giveBack: (resultId) => giveBackUnit(db, resultId),
    chargeLimitHit: (resultId) => chargeLimitHit(db, resultId, now()),
    refuseIfHeavyWorkSpent: (resultId) => refuseIfHeavyWorkSpent(db, resultId, now()),
    async isCompleted(resultId) {
      const [row] = await db.select({ status: results.status }).from(results).where(eq(results.id, resultId));
      return row?.status === 'completed';
    },
  };
}
