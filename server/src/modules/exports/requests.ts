import { randomUUID } from 'node:crypto';
import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import { apiPath, apiPaths, DATA_EXPORT_INTERVAL_MINUTES, type DataExport, type DataExportStatus } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { dataExports, type DataExportRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../core/errors.js';
import type { ExportQueue } from '../../jobs/export-jobs.js';
import { currentRequestId } from '../../jobs/result-queue.js';
import type { ResultStore } from '../../storage/result-store.js';

/** What the export routes and the job need. */
export interface ExportsDeps {
  db: Database;
  store: ResultStore;
  now: () => Date;
  /** RETENTION_HOURS: a ready export is kept as long as a result (docs/decisions/0250). */
  retentionHours: number;
}

/** An export queued or running longer than this is taken as lost (its process died): failed, and a new one may start. */
export const EXPORT_STALE_MS = 15 * 60 * 1000;

const HOUR_MS = 3600 * 1000;
const INTERVAL_MS = DATA_EXPORT_INTERVAL_MINUTES * 60 * 1000;

/** The ZIP's key in the results store. */
export const exportKey = (id: string) => `export-${id}.zip`;

const inProgress = (row: DataExportRow, now: Date) =>
  (row.status === 'queued' || row.status === 'running') && now.getTime() - row.createdAt.getTime() < EXPORT_STALE_MS;

export function presentExport(row: DataExportRow, now: Date): DataExport {
  const lost = (row.status === 'queued' || row.status === 'running') && !inProgress(row, now);
  const ready = row.status === 'ready' && row.expiresAt > now;
  return {
    id: row.id,
    status: lost ? 'failed' : row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    downloadPath: ready ? apiPath(apiPaths.accountExportDownload, { id: row.id }) : null,
    size: row.size,
  };
}

/** The account's newest export still kept, and how long a ready one is kept. */
export async function exportStatus(deps: ExportsDeps, userId: string): Promise<DataExportStatus> {
  const now = deps.now();
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return { export: row && row.expiresAt > now ? presentExport(row, now) : null, keptHours: deps.retentionHours };
}

/**
 * Asks for an export: one at a time, one an hour (failed ones not counted), else 429 with Retry-After
 * and the reason the page words. The account's earlier exports go: only the newest is kept.
 */
export async function requestExport(deps: ExportsDeps, queue: ExportQueue, user: UserRow, language: string): Promise<DataExport> {
  const now = deps.now();
  const row: DataExportRow = {
    id: randomUUID(),
    userId: user.id,
    status: 'queued',
    progress: 0,
    storageKey: null,
    size: null,
    createdAt: now,
    readyAt: null,
    expiresAt: new Date(now.getTime() + EXPORT_STALE_MS + deps.retentionHours * HOUR_MS),
  };
  const earlierKeys = await deps.db.transaction(async (tx) => {
    // Under a per-account lock, so two clicks cannot both pass the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`data-export:${user.id}`}))`);
    const earlier = await tx.select().from(dataExports).where(eq(dataExports.userId, user.id));
    if (earlier.some((e) => inProgress(e, now))) {
      throw new AppError('rate_limited', 'Your data export is still being made. Please wait for it to finish.', undefined, {
        'Retry-After': '10',
      }).withParams({ reason: 'export_running' });
    }
    const counted = earlier.filter((e) => e.status === 'ready' && now.getTime() - e.createdAt.getTime() < INTERVAL_MS);
    if (counted.length > 0) {
      const newest = Math.max(...counted.map((e) => e.createdAt.getTime()));
      const waitSeconds = Math.max(1, Math.ceil((newest + INTERVAL_MS - now.getTime()) / 1000));
      throw new AppError(
        'rate_limited',
        `You can ask for one data export an hour. Please try again in ${Math.ceil(waitSeconds / 60)} min.`,
        undefined,
        { 'Retry-After': String(waitSeconds) },
      ).withParams({ reason: 'export_recent', minutes: Math.ceil(waitSeconds / 60) });
    }
    if (earlier.length > 0) await tx.delete(dataExports).where(eq(dataExports.userId, user.id));
    await tx.insert(dataExports).values(row);
    return earlier.flatMap((e) => (e.storageKey ? [e.storageKey] : []));
  });
  await Promise.all(earlierKeys.map((key) => deps.store.delete(key).catch(() => undefined)));
  try {
    await queue.start({ exportId: row.id, language, requestId: currentRequestId() });
  } catch {
    await deps.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, row.id));
    throw new AppError('server_busy', 'Your data export could not be started right now. Please try again in a minute.', undefined, {
      'Retry-After': '60',
    });
  }
  return presentExport(row, now);
}

/** The ZIP for its owner: 404 to anyone else or before it is ready; 410 once expired, the file deleted at once. */
export async function openExport(deps: ExportsDeps, userId: string, id: string) {
  const now = deps.now();
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  if (!row || row.status !== 'ready' || !row.storageKey) throw new AppError('not_found', 'This data export does not exist.');
  if (row.expiresAt <= now) {
    await deps.store.delete(row.storageKey);
    await deps.db.delete(dataExports).where(eq(dataExports.id, row.id));
    throw new AppError('result_expired', 'This data export has expired and was deleted. Ask for a new one.').withParams({
      reason: 'export',
    });
  }
  const body = await deps.store.get(row.storageKey).catch(() => {
    throw new AppError('result_expired', 'This data export is no longer stored. Ask for a new one.').withParams({ reason: 'export' });
  });
  return { body, size: row.size ?? undefined, filename: `lightpix-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

/**
 * The retention sweep's part (docs/decisions/0198, 0250): exports past their time go, file and row; exports
 * queued or running past EXPORT_STALE_MS (0 at a lone instance's start: none can be running) are failed.
 */
export async function sweepDataExports(
  db: Database,
  store: ResultStore,
  now: Date,
  staleAfterMs = EXPORT_STALE_MS,
): Promise<{ expired: number; lost: number }> {
  const expired = await db.delete(dataExports).where(lte(dataExports.expiresAt, now)).returning({ key: dataExports.storageKey });
  await Promise.all(expired.flatMap((row) => (row.key ? [store.delete(row.key).catch(() => undefined)] : [])));
  const lost = await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(
      and(
        or(eq(dataExports.status, 'queued'), eq(dataExports.status, 'running')),
        lte(dataExports.createdAt, new Date(now.getTime() - staleAfterMs)),
      ),
    )
    .returning({ id: dataExports.id });
  return { expired: expired.length, lost: lost.length };
}

/**
 * An account's exports go with it, inside the deletion's transaction; gives their files' keys for the
 * caller to delete once it committed. An export still being made finds its row gone and deletes its own file.
 */
export async function deleteAccountExports(tx: Pick<Database, 'delete'>, userId: string): Promise<string[]> {
  const deleted = await tx.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ id: dataExports.id });
  // Every export's key, a half-made one's too: deleting a key that is not there is not an error.
  return deleted.map((row) => exportKey(row.id));
}
