import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  apiPaths,
  batchFieldsSchema,
  batchIdSchema,
  formatAllowed,
  MAX_IMAGE_BYTES,
  processSettingsSchema,
  SMALLEST_FORMAT,
  type ImageRecord,
  type OutputFormat,
  type Plan,
} from '@lightpix/shared';
import { AppError, fieldRefusal, invalidFields } from '../../core/errors.js';
import { safeFolder } from '../../core/text.js';
import type { Database } from '../../db/client.js';
import { readUpload, type Upload } from '../../http/multipart.js';
import { outputForOriginal } from '../../images/formats.js';
import { inspectImage } from '../../images/inspect.js';
import { formatsThatFit, plannedSize } from '../../images/limits.js';
import type { OptimiseOptions } from '../../images/optimise.js';
import { resultGivenBack, type ResultJob, type ResultJobSpec } from '../../jobs/result-job.js';
import { currentRequestId, JobStillRunning, type ResultQueue } from '../../jobs/result-queue.js';
import type { ResultStore } from '../../storage/result-store.js';
import type { PlanTable } from '../plans/index.js';
import { allowanceOf, allowedPlan, assertHeavyWorkLeft, isHeavyWork, type QuotaOwner } from '../quota/index.js';
import { giveBack, presentResult, reserve, resultById, type ResultRow } from '../results/index.js';
import { currentVisitor } from '../session/index.js';

// An upload, from its request to its result: the file and fields read, the file judged, a unit reserved
// (modules/results), the result job queued; reserveAndProduce is also the API's and the decks' way to a result.

/** An uploaded file, as the multipart reader hands it over. */
export type { Upload };

/** The image part and the settings, whatever their order: the web client sends the settings first and the file last (processImage.ts). */
const imageUpload = (maxBytes: number) => ({
  field: 'image',
  fallbackName: 'image',
  maxBytes,
  tooLarge: `Images can be up to ${Math.round(maxBytes / 1024 / 1024)} MB.`,
  noun: 'image',
});

/** POST /api/images/process: a guest's or an account's upload becomes a result (201 with its record). */
export function uploadRoute(app: FastifyInstance, deps: ImagesDeps & { plans: PlanTable }) {
  // A full queue is refused before helmet, the session and the body (http/busy-door.ts, docs/decisions/0153).
  app.post(
    apiPaths.processImage,
    { config: { refuseWhenBusy: () => deps.jobs.assertRoom() } },
    async (request, reply): Promise<ImageRecord> => {
      const { upload, fields } = await readUpload(request, imageUpload(MAX_IMAGE_BYTES));
      if (!upload || upload.data.length === 0) {
        throw fieldRefusal('invalid_input', 'Choose an image to upload.', 'image', { code: 'file_required' }, 'An image file is required.');
      }
      // Of a burst that passed the door together, only as many as the queue holds go on to a session and quota (0082, 0270).
      return deps.jobs.admitted(async () => {
        const visitor = await currentVisitor(request, deps.db, { startGuest: true });
        const plan = allowedPlan(deps.plans, visitor);
        const settings = parseSettings(fields, plan);
        const batch = parseBatchPlace(batchFieldsSchema.parse(fields));
        const { record } = await processUpload(deps, visitor, plan, upload, settings, { batch });
        reply.status(201);
        return record;
      });
    },
  );
}

/** The result as its owner sees it, and the units used with it when counted (docs/decisions/0270). */
export interface ProcessedUpload {
  record: ImageRecord;
  unitsUsed: number | null;
}

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

export interface UploadContext {
  /** The developer API key that sent it, recorded so each key's use can be counted. */
  apiKeyId?: string | null;
  /** The page's selection it belongs to, for "Download all" (docs/decisions/0045). */
  batch?: BatchPlace | null;
}

/**
 * Checks the file, reserves a quota unit, optimises and stores the result.
 * The file is judged before any quota is taken, and a failure gives the unit back. The route holds a
 * place in the queue around it (ResultQueue.admitted, docs/decisions/0270).
 */
export async function processUpload(
  deps: ImagesDeps,
  owner: QuotaOwner,
  plan: Plan,
  upload: Upload,
  settings: Settings,
  { apiKeyId = null, batch = null }: UploadContext = {},
): Promise<ProcessedUpload> {
  const info = await inspectImage(upload.data);
  // An enlargement past the limits is refused before a unit is reserved or a worker is held.
  const size = plannedSize(info, settings);
  const format = settings.format === 'original' ? outputForOriginal(info.format, info.hasAlpha) : settings.format;
  // A format asked for that cannot hold this many pixels is refused here too, naming its limit; 'Smallest
  // format' leaves such formats out in the job, and every plan has JPEG and PNG (docs/decisions/0251).
  if (format !== SMALLEST_FORMAT) formatsThatFit({ ...size, alpha: info.hasAlpha && format !== 'jpeg' }, [format]);
  const options = { ...settings, format, autoFormats: plan.outputFormats };
  const { row, unitsUsed } = await reserveAndProduce(
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
  );
  return { record: presentResult(row, deps.now()), unitsUsed };
}

/** Which selection a file came with, and the folder it sat in when a folder was chosen. */
export interface BatchPlace {
  batchId: string;
  folder: string | null;
}

/**
 * The folder part of a browser's relative path ("Holiday/Day 1/photo.jpg" → "Holiday/Day 1"),
 * made safe to unpack: no '..', no absolute paths, no control, bidi or reserved characters (docs/decisions/0182).
 */
export function cleanFolder(relativePath: string): string | null {
  return safeFolder(
    relativePath
      .split(/[\\/]+/)
      .slice(0, -1)
      .join('/'),
  );
}

/** Reads the `batchId` and `relativePath` fields; no batchId means the file is not part of a batch. */
export function parseBatchPlace(fields: { batchId: string; relativePath: string }): BatchPlace | null {
  const batchId = fields.batchId.trim();
  if (batchId === '') return null;
  if (!batchIdSchema.safeParse(batchId).success) {
    throw fieldRefusal(
      'invalid_input',
      'Some settings are not valid.',
      'batchId',
      { code: 'invalid' },
      'Must be a UUID that names the selection.',
    );
  }
  return { batchId: batchId.toLowerCase(), folder: cleanFolder(fields.relativePath) };
}

export interface ImagesDeps {
  db: Database;
  store: ResultStore;
  /** Result jobs: here in child processes, or BullMQ workers with REDIS_URL. */
  jobs: ResultQueue;
  retentionHours: number;
  now: () => Date;
}

/** What the reservation row records before the work starts. */
export interface Reservation {
  originalName: string;
  originalSize: number;
  kind?: 'image' | 'deck';
  apiKeyId?: string | null;
  batchId?: string | null;
  folder?: string | null;
}

/** A made (or, with 'start', reserved) result, and the units its owner has used with it when the reservation counted them. */
export interface Produced {
  row: ResultRow;
  /** Counted once, under the reservation's locks (docs/decisions/0270); null when the plan has no limit. */
  unitsUsed: number | null;
}

/** Who may read a started job's failure: the account, else the guest session. */
export const ownerKey = (owner: QuotaOwner) => owner.userId ?? owner.guestSessionId;

/**
 * The one way a result is made (an image, an API transform, a deck): reserve a unit (the row is the
 * ledger), hand the job to the queue, which stores the file and completes the row. 'wait' returns the
 * completed row; 'start' returns the reserved row at once. A failed job's unit is given back once; one that
 * hit its time or memory limit also costs its owner heavy work (docs/decisions/0147).
 */
export async function reserveAndProduce(
  deps: ImagesDeps,
  plan: Plan,
  owner: QuotaOwner,
  reservation: Reservation,
  spec: ResultJobSpec,
  data: Buffer,
  mode: 'wait' | 'start' = 'wait',
): Promise<Produced> {
  const now = deps.now();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + deps.retentionHours * 3600 * 1000);
  const heavy = isHeavyWork(spec);
  // An owner whose jobs keep hitting their limits waits for heavy work; small images still go (docs/decisions/0147).
  if (heavy) await assertHeavyWorkLeft(deps.db, owner, now);
  const unitsUsed = await reserve(deps.db, owner, { ...reservation, id, expiresAt }, now, allowanceOf(plan, now));
  // Each owner waits in a line of their own; premium may fill every worker while nobody else waits (0147).
  const job: ResultJob = {
    ...spec,
    resultId: id,
    owner: ownerKey(owner),
    mayUseAllWorkers: plan.tier === 'premium',
    heavy,
    requestId: currentRequestId(),
  };
  let completed: ResultRow | null = null;
  try {
    if (mode === 'start') await deps.jobs.start(job, data);
    else completed = await deps.jobs.produce(job, data);
  } catch (error) {
    // A job that may still finish keeps its unit; any other failure gives back the reservation (once: only a 'processing' row goes).
    if (!(error instanceof JobStillRunning)) await giveBack(deps.db, id);
    throw error;
  }
  // Completed here, the row came back with its completion (decision 0169); else it is read.
  if (completed) return { row: completed, unitsUsed };
  const row = await resultById(deps.db, id);
  if (!row) throw resultGivenBack();
  return { row, unitsUsed };
}
