import { ne, sql } from 'drizzle-orm';
import type { ResultRow } from '../../db/schema/results.js';
import { results } from '../../db/schema/results.js';

/** Results that used a unit: everything but a reservation still in progress (removed and expired ones stay spent). */
export const spentResults = ne(results.status, 'processing');

/** The same, qualified by hand for raw subqueries, where drizzle writes bare column names. */
export const spentResultsSql = sql.raw(`"results"."status" <> 'processing'`);

/** A reservation: a unit held while its job runs, given back if the job fails. */
export function isReserved(row: Pick<ResultRow, 'status'>): boolean {
  return row.status === 'processing';
}

/** A result is expired once its time is up, even before the sweeper has marked it and deleted its file. */
export function isExpired(row: Pick<ResultRow, 'status' | 'expiresAt'>, now: Date): boolean {
  return row.status === 'expired' || row.expiresAt.getTime() <= now.getTime();
}

/** Its file may be downloaded now: completed, still stored, within retention. */
export function isDownloadable<T extends Pick<ResultRow, 'status' | 'expiresAt' | 'storageKey'>>(
  row: T,
  now: Date,
): row is T & { storageKey: string } {
  return row.status === 'completed' && row.storageKey !== null && !isExpired(row, now);
}
