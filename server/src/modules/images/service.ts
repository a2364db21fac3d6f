import path from 'node:path';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  apiPath,
  apiPaths,
  formatAllowed,
  processSettingsSchema,
  SMALLEST_FORMAT,
  type ImageRecord,
  type OutputFormat,
  type Plan,
  type HistoryResponse,
  type ResultsPageQuery,
} from '@lightpix/shared';
import { withoutBidiControls } from '../../text.js';
import type { Upload } from '../../multipart.js';
import type { Database } from '../../db/client.js';
import { results, type ResultRow } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../errors.js';
import { extensionOf, outputForOriginal } from '../../images/formats.js';
import { inspectImage } from '../../images/inspect.js';
import { plannedSize } from '../../images/limits.js';
import type { OptimiseOptions } from '../../images/optimise.js';
import type { Admission } from '../../jobs/queue.js';
import type { BatchPlace } from './batch-place.js';
import { isExpired, isReserved, spentResults, type QuotaOwner } from '../quota/index.js';
import { pageOf } from './pages.js';
import { reserveAndProduce, type ImagesDeps } from './produce.js';

/** An uploaded file, as the multipart reader hands it over. */
export type { Upload };

type Settings = Omit<OptimiseOptions, 'format' | 'autoFormats'> & { format: OutputFormat | 'original' | typeof SMALLEST_FORMAT };
export type { Settings as ProcessSettings };

/** Reads the multipart text fields into settings, or says which field is wrong (400) or that the plan cannot write the format (403). */
export function parseSettings(fields: Record<string, string>, plan: Plan): Settings {
  const parsed = processSettingsSchema.safeParse(fields);
  if (!parsed.success) throw invalidFields('Some settings are not valid.', parsed.error.issues);
  const { sessionId: _sessionId, ...settings } = parsed.data;
  if (!formatAllowed(plan, settings.format)) {
    throw new AppError('forbidden', `Your plan cannot convert to ${settings.format.toUpperCase()}.`).withParams({
      reason: 'format',
      format: settings.format.toUpperCase(),
    });
  }
  return settings;
}

/** The name a download gets: the original's base name with the new format's extension. */
export function downloadName(originalName: string, format: string): string {
  // Names stored before bidi controls were removed at upload lose them here.
  const base = path.parse(withoutBidiControls(originalName)).name || 'image';
  return `${base}.${extensionOf[format as keyof typeof extensionOf] ?? format}`;
}

export function toRecord(row: ResultRow, now: Date): ImageRecord {
  const expired = isExpired(row, now);
  return {
    id: row.id,
    originalName: row.originalName,
    originalSize: row.originalSize,
    processedSize: row.processedSize,
    status: expired ? 'expired' : row.status,
    objectPath: row.status === 'completed' && !expired ? apiPath(apiPaths.resultDownload, { id: row.id }) : null,
    kind: row.kind,
    report: row.report ?? null,
    format: row.format,
    width: row.width,
    height: row.height,
    quality: row.quality,
    alreadyOptimal: row.alreadyOptimal,
    smart: row.smart,
    search: row.search,
    similarity: row.similarity,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    batchId: row.batchId,
    folder: row.folder,
  };
}

export interface UploadContext {
  /** The developer API key that sent it, recorded so each key's use can be counted. */
  apiKeyId?: string | null;
  /** The page's selection it belongs to, for "Download all" (docs/decisions/0045). */
  batch?: BatchPlace | null;
  /** The queue place the request was admitted to (docs/decisions/0082). */
  admission?: Admission;
}

/**
 * Checks the file, reserves a quota unit, optimises and stores the result.
 * The file is judged before any quota is taken, and a failure gives the unit back.
 */
export async function processUpload(
  deps: ImagesDeps,
  owner: QuotaOwner,
  plan: Plan,
  upload: Upload,
  settings: Settings,
  { apiKeyId = null, batch = null, admission }: UploadContext = {},
): Promise<ImageRecord> {
  // An admitted request already holds its place in the queue.
  if (!admission) await deps.jobs.assertRoom();
  const info = await inspectImage(upload.data);
  // An enlargement past the limits is refused before a unit is reserved or a worker is held.
  plannedSize(info, settings);
  const format = settings.format === 'original' ? outputForOriginal(info.format, info.hasAlpha) : settings.format;
  const options = { ...settings, format, autoFormats: plan.outputFormats };
  const row = await reserveAndProduce(
    deps,
    plan,
    owner,
    {
      originalName: upload.filename,
      originalSize: upload.data.length,
      apiKeyId,
      batchId: batch?.batchId ?? null,
      folder: batch?.folder ?? null,
    },
    // 'Smallest format' always searches for smart mode's look.
    { kind: 'image', input: { info, options }, smart: settings.quality === 'smart' || settings.format === SMALLEST_FORMAT },
    upload.data,
    'wait',
    admission,
  );
  return toRecord(row, deps.now());
}

/** The owner's result, or 404 for anyone else: another's file must not even be confirmed to exist. */
export async function findOwnedResult(db: Database, owner: QuotaOwner, id: string): Promise<ResultRow> {
  const [row] = await db.select().from(results).where(eq(results.id, id));
  // A result with an account belongs to that account alone, whichever guest identity made it.
  const owns = row && (row.userId !== null ? row.userId === owner.userId : row.guestSessionId === owner.guestSessionId);
  // A removed result is gone for its owner too.
  if (!row || !owns || row.removedAt) throw new AppError('not_found', 'This result does not exist.');
  return row;
}

/** One page of the user's results, newest first, expired ones marked; reservations in progress are left out. */
export async function historyOf(db: Database, userId: string, now: Date, query: ResultsPageQuery = {}): Promise<HistoryResponse> {
  const where = and(eq(results.userId, userId), spentResults, isNull(results.removedAt));
  return pageOf(db, where, query, (row) => toRecord(row, now));
}

/** Whose results a visitor sees: an account's own, or a guest's that no account has adopted. */
export function ownedBy(owner: QuotaOwner) {
  return owner.userId !== null
    ? eq(results.userId, owner.userId)
    : and(isNull(results.userId), eq(results.guestSessionId, owner.guestSessionId));
}

/**
 * One page of the visitor's results still downloadable, newest first: what the image page (images)
 * and the PowerPoint page (`kind: 'deck'`) show again after a reload.
 */
export async function currentResultsOf(db: Database, owner: QuotaOwner, now: Date, query: ResultsPageQuery = {}): Promise<HistoryResponse> {
  const where = and(ownedBy(owner), eq(results.status, 'completed'), gt(results.expiresAt, now), isNull(results.removedAt));
  return pageOf(db, where, { ...query, kind: query.kind ?? 'image' }, (row) => toRecord(row, now));
}

/** Deletes the stored file at once; the row stays (removed) so the quota it used stays used. */
export async function removeResult(deps: Pick<ImagesDeps, 'db' | 'store' | 'now'>, owner: QuotaOwner, id: string): Promise<void> {
  const row = await findOwnedResult(deps.db, owner, id);
  if (isReserved(row)) throw new AppError('conflict', 'This image is still being processed; remove it once it is done.');
  if (row.storageKey) await deps.store.delete(row.storageKey);
  await deps.db.update(results).set({ removedAt: deps.now(), storageKey: null }).where(eq(results.id, id));
}
