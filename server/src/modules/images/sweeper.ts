import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { results, sessions } from '../../db/schema/index.js';
import type { ResultStore } from '../../storage/result-store.js';

/**
 * A reservation older than this belongs to a request that died mid-way: give its unit back. A live
 * job is at most its queue wait plus its own time limit old (jobs/process-queue.ts): about 2.5 min;
 * with Redis a request waits at most 4 minutes for its job (jobs/bullmq-queue.ts, docs/decisions/0090).
 */
export const STALE_PROCESSING_MS = 5 * 60 * 1000;

/** Deletes a result's file and marks its row expired: what a 410 says has happened. */
export async function expireResult(db: Database, store: ResultStore, row: { id: string; storageKey: string | null }): Promise<void> {
  if (row.storageKey) await store.delete(row.storageKey);
  await db.update(results).set({ status: 'expired', storageKey: null }).where(eq(results.id, row.id));
}

export interface SweepReport {
  expired: number;
  staleReservations: number;
  sessions: number;
}

/**
 * Deletes result files past retention (their rows stay, marked expired), dead reservations and sessions.
 * `staleAfterMs: 0` at the start of a lone instance: no job of its can still be running.
 */
export async function sweepExpired(db: Database, store: ResultStore, now: Date, staleAfterMs = STALE_PROCESSING_MS): Promise<SweepReport> {
  const due = await db
    .select({ id: results.id, storageKey: results.storageKey })
    .from(results)
    .where(and(eq(results.status, 'completed'), lte(results.expiresAt, now)));
  for (const row of due) await expireResult(db, store, row);
  const stale = await db
    .delete(results)
    .where(and(eq(results.status, 'processing'), lte(results.createdAt, new Date(now.getTime() - staleAfterMs))))
    .returning({ id: results.id });
  const ended = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return { expired: due.length, staleReservations: stale.length, sessions: ended.length };
}
