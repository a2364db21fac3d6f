import { and, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { results } from '../../db/schema/results.js';
import { keptMetadataKey, type ResultStore } from '../../storage/result-store.js';
import { giveBackStale } from './reservations.js';

/** Deletes a result's file and marks its row expired: what a 410 says has happened. */
export async function expireResult(db: Database, store: ResultStore, row: { id: string; storageKey: string | null }): Promise<void> {
  if (row.storageKey) await store.delete(row.storageKey);
  // An API result's preservable fields (docs/decisions/0136) go with it; most results have none.
  await store.delete(keptMetadataKey(row.id));
  await db.update(results).set({ status: 'expired', storageKey: null }).where(eq(results.id, row.id));
}

export interface ResultsSweepReport {
  expired: number;
  staleReservations: number;
}

/**
 * Deletes result files past retention (their rows stay, marked expired) and gives back dead
 * reservations. `staleAfterMs: 0` at the start of a lone instance. Sessions are the session
 * module's (endExpiredSessions); the entry point runs both in one sweep.
 */
export async function sweepResults(db: Database, store: ResultStore, now: Date, staleAfterMs?: number): Promise<ResultsSweepReport> {
  const due = await db
    .select({ id: results.id, storageKey: results.storageKey })
    .from(results)
    .where(and(eq(results.status, 'completed'), lte(results.expiresAt, now)));
  for (const row of due) await expireResult(db, store, row);
  const staleReservations = await giveBackStale(db, now, staleAfterMs);
  return { expired: due.length, staleReservations };
}

/**
 * Retention of the processing log (docs/decisions/0198): a row older than `olderThan` whose file is gone
 * keeps only its date, sizes and format, so the quota's past and the landing page's count stay; its name,
 * address and owner are erased. Rows still 'processing' or with a file are left alone.
 */
export async function forgetOldUsage(db: Database, olderThan: Date): Promise<number> {
  const forgotten = await db
    .update(results)
    .set({ originalName: '', clientIp: '', userId: null, guestSessionId: null, apiKeyId: null, batchId: null, folder: null })
    .where(
      and(
        lte(results.createdAt, olderThan),
        ne(results.status, 'processing'),
        isNull(results.storageKey),
        or(ne(results.clientIp, ''), isNotNull(results.userId), isNotNull(results.guestSessionId)),
      ),
    )
    .returning({ id: results.id });
  return forgotten.length;
}
