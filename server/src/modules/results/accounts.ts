import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { results, type ResultRow } from '../../db/schema/results.js';
import { keptMetadataKey, type ResultStore } from '../../storage/result-store.js';
import { spentResults, spentResultsSql } from './spent.js';

/** A guest who signs up keeps what they processed: their results move to the new account. */
export async function adoptGuestResults(db: Database, guestSessionId: string, userId: string): Promise<void> {
  await db
    .update(results)
    .set({ userId })
    .where(and(eq(results.guestSessionId, guestSessionId), isNull(results.userId)));
}

/** Every row of the account, oldest first, removed and expired ones too: the account's history for a data export. */
export function accountResults(db: Database, userId: string): Promise<ResultRow[]> {
  return db.select().from(results).where(eq(results.userId, userId)).orderBy(asc(results.createdAt), asc(results.id));
}

/**
 * Deletes every row of the account, inside the caller's transaction (account deletion), and gives the
 * storage keys of their files: the caller deletes them with deleteStoredFiles once the transaction committed.
 */
export async function deleteAccountResults(tx: Database, userId: string): Promise<string[]> {
  const stored = await tx.delete(results).where(eq(results.userId, userId)).returning({ id: results.id, key: results.storageKey });
  // An API result's kept metadata (docs/decisions/0136) is a file of its own.
  return stored.flatMap((row) => [...(row.key ? [row.key] : []), keptMetadataKey(row.id)]);
}

/** Deletes stored files after their rows went; a file a failed delete leaves behind goes with the retention sweep. */
export async function deleteStoredFiles(store: ResultStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.delete(key).catch(() => undefined)));
}

/** Results processed by everyone, ever: what the landing page and the admin page count (reservations in progress left out). */
export async function countAllSpent(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(results).where(spentResults);
  return Number(row?.value ?? 0);
}

/**
 * A select field counting the results an account has processed, for a query over "users" (admin's
 * list). Qualified by hand: inside a subquery drizzle writes bare column names, and "id" would mean results.id.
 */
export function spentByUserField(): SQL<number> {
  return sql<number>`(select count(*) from "results" where "results"."user_id" = "users"."id" and ${spentResultsSql})`;
}

/** A select field counting the results an API key made since a time (reservations too), for a query over "api_keys". */
export function madeByKeySinceField(since: Date): SQL<number> {
  return sql<number>`(select count(*) from "results" where "results"."api_key_id" = "api_keys"."id" and "results"."created_at" >= ${since.toISOString()}::timestamptz)`;
}
