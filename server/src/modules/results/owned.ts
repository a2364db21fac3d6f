import type { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { HistoryResponse, ResultsPageQuery } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { results, type ResultRow } from '../../db/schema/results.js';
import { AppError } from '../../core/errors.js';
import { StoredFileMissing, type ResultStore } from '../../storage/result-store.js';
import type { ChargedOwner } from './reservations.js';
import { pageOf } from './pages.js';
import { presentResult } from './present.js';
import { isDownloadable, isReserved, spentResults } from './spent.js';
import { expireResult } from './sweep.js';

/** What reading and removing an owner's results needs. */
export interface ResultsDeps {
  db: Database;
  store: ResultStore;
  now: () => Date;
}

/** Whose results a visitor sees: an account's own, or a guest's that no account has adopted. */
function ownedBy(owner: ChargedOwner) {
  return owner.userId !== null
    ? eq(results.userId, owner.userId)
    : and(isNull(results.userId), eq(results.guestSessionId, owner.guestSessionId));
}

/** The owner's result, or 404 for anyone else: another's file must not even be confirmed to exist. */
export async function findOwnedResult(db: Database, owner: ChargedOwner, id: string): Promise<ResultRow> {
  const [row] = await db.select().from(results).where(eq(results.id, id));
  // A result with an account belongs to that account alone, whichever guest identity made it.
  const owns = row && (row.userId !== null ? row.userId === owner.userId : row.guestSessionId === owner.guestSessionId);
  // A removed result is gone for its owner too.
  if (!row || !owns || row.removedAt) throw new AppError('not_found', 'This result does not exist.');
  return row;
}

/** The words of a 410, in the caller's nouns (a web result, an API output). */
export interface GoneWording {
  expired: string;
  missing: string;
}

const RESULT_GONE: GoneWording = {
  expired: 'This result has expired and was deleted. Please process the image again.',
  missing: 'This result is no longer stored. Please process the image again.',
};

/**
 * Deletes a late file at once (its time is up but the sweeper has not come yet) and says whether
 * the row may still be sent: the one rule for every download (web, developer API, batch ZIP), so
 * the 410 is true everywhere the moment it is answered.
 */
async function stillDownloadable(deps: ResultsDeps, row: ResultRow): Promise<boolean> {
  if (isDownloadable(row, deps.now())) return true;
  if (row.storageKey && !isReserved(row)) await expireResult(deps.db, deps.store, row);
  return false;
}

/** Opens a stored file, 410 when the store no longer has it. */
async function openStored(store: ResultStore, storageKey: string, wording: GoneWording): Promise<Readable> {
  return store.get(storageKey).catch((error: unknown) => {
    if (error instanceof StoredFileMissing) throw new AppError('result_expired', wording.missing);
    throw error;
  });
}

/**
 * The owner's result and its file, opened: 404 for anyone else (or a removed result), 410 for one
 * past retention (its late file deleted now) or no longer stored.
 */
export async function openOwnedResult(
  deps: ResultsDeps,
  owner: ChargedOwner,
  id: string,
  wording: GoneWording = RESULT_GONE,
): Promise<{ row: ResultRow & { storageKey: string }; body: Readable }> {
  const row = await findOwnedResult(deps.db, owner, id);
  if (!(await stillDownloadable(deps, row)) || !row.storageKey) throw new AppError('result_expired', wording.expired);
  return { row: { ...row, storageKey: row.storageKey }, body: await openStored(deps.store, row.storageKey, wording) };
}

/**
 * The owner's results of one selection, oldest first, removed ones left out, each with whether its
 * file may be sent (late files deleted now, as openOwnedResult does). The ZIP opens files with openStoredFile.
 */
export async function ownedBatch(
  deps: ResultsDeps,
  owner: ChargedOwner,
  batchId: string,
): Promise<Array<{ row: ResultRow; downloadable: boolean }>> {
  const rows = await deps.db
    .select()
    .from(results)
    .where(and(eq(results.batchId, batchId.toLowerCase()), ownedBy(owner), isNull(results.removedAt)))
    .orderBy(asc(results.createdAt), asc(results.id));
  const batch: Array<{ row: ResultRow; downloadable: boolean }> = [];
  for (const row of rows) batch.push({ row, downloadable: await stillDownloadable(deps, row) });
  return batch;
}

/** One page of the user's results, newest first, expired ones marked; reservations in progress are left out. */
export async function historyOf(db: Database, userId: string, now: Date, query: ResultsPageQuery = {}): Promise<HistoryResponse> {
  const where = and(eq(results.userId, userId), spentResults, isNull(results.removedAt));
  return pageOf(db, where, query, (row) => presentResult(row, now));
}

/**
 * One page of the visitor's results still downloadable, newest first: what the image page (images)
 * and the PowerPoint page (`kind: 'deck'`) show again after a reload. Decks still being optimised
 * are listed too ('processing'), so a reload keeps them in view while the page polls them (decision 0261).
 */
export async function currentResultsOf(
  db: Database,
  owner: ChargedOwner,
  now: Date,
  query: ResultsPageQuery = {},
): Promise<HistoryResponse> {
  const kind = query.kind ?? 'image';
  const shown = kind === 'deck' ? inArray(results.status, ['completed', 'processing']) : eq(results.status, 'completed');
  const where = and(ownedBy(owner), shown, gt(results.expiresAt, now), isNull(results.removedAt));
  return pageOf(db, where, { ...query, kind }, (row) => presentResult(row, now));
}

/** Deletes the stored file at once; the row stays (removed) so the quota it used stays used. */
export async function removeResult(deps: ResultsDeps, owner: ChargedOwner, id: string): Promise<void> {
  const row = await findOwnedResult(deps.db, owner, id);
  if (isReserved(row)) throw new AppError('conflict', 'This image is still being processed; remove it once it is done.');
  if (row.storageKey) await deps.store.delete(row.storageKey);
  await deps.db.update(results).set({ removedAt: deps.now(), storageKey: null }).where(eq(results.id, id));
}
