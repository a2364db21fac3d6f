import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { results, sessions } from '../../db/schema/index.js';
import type { ResultStore } from '../../storage/result-store.js';

/** A reservation older than this belongs to a request that died mid-way: give its unit back. */
const STALE_PROCESSING_MS = 15 * 60 * 1000;

export interface SweepReport {
  expired: number;
  staleReservations: number;
  sessions: number;
}

/** Deletes result files past retention (their rows stay, marked expired), dead reservations and sessions. */
export async function sweepExpired(db: Database, store: ResultStore, now: Date): Promise<SweepReport> {
  const due = await db
    .select({ id: results.id, storageKey: results.storageKey })
    .from(results)
    .where(and(eq(results.status, 'completed'), lte(results.expiresAt, now)));
  for (const row of due) {
    if (row.storageKey) await store.delete(row.storageKey);
    await db.update(results).set({ status: 'expired', storageKey: null }).where(eq(results.id, row.id));
  }
  const stale = await db
    .delete(results)
    .where(and(eq(results.status, 'processing'), lte(results.createdAt, new Date(now.getTime() - STALE_PROCESSING_MS))))
    .returning({ id: results.id });
  const ended = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return { expired: due.length, staleReservations: stale.length, sessions: ended.length };
}
