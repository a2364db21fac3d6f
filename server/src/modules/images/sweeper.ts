import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { results, sessions } from '../../db/schema/index.js';
import { keptMetadataKey, type ResultStore } from '../../storage/result-store.js';
import { giveBackStaleReservations } from '../quota/index.js';

/** Deletes a result's file and marks its row expired: what a 410 says has happened. */
export async function expireResult(db: Database, store: ResultStore, row: { id: string; storageKey: string | null }): Promise<void> {
  if (row.storageKey) await store.delete(row.storageKey);
  // An API result's preservable fields (docs/decisions/0136) go with it; most results have none.
  await store.delete(keptMetadataKey(row.id));
  await db.update(results).set({ status: 'expired', storageKey: null }).where(eq(results.id, row.id));
}

export interface SweepReport {
  expired: number;
  staleReservations: number;
  sessions: number;
}

/**
 * Deletes result files past retention (their rows stay, marked expired), dead reservations (the quota
 * ledger gives their units back) and sessions. `staleAfterMs: 0` at the start of a lone instance.
 */
export async function sweepExpired(db: Database, store: ResultStore, now: Date, staleAfterMs?: number): Promise<SweepReport> {
  const due = await db
    .select({ id: results.id, storageKey: results.storageKey })
    .from(results)
    .where(and(eq(results.status, 'completed'), lte(results.expiresAt, now)));
  for (const row of due) await expireResult(db, store, row);
  const staleReservations = await giveBackStaleReservations(db, now, staleAfterMs);
  const ended = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return { expired: due.length, staleReservations, sessions: ended.length };
}
