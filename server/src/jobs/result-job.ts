import type { ResultRow } from '../db/schema/index.js';
import { AppError } from '../core/errors.js';
import { metrics } from './metrics.js';
import { extensionOf } from '../images/formats.js';
import { nothingKept, type KeptMetadata } from '../images/kept-metadata.js';
import type { OptimisedImage } from '../images/optimise.js';
import { keptMetadataKey, StoredFileMissing, type ResultStore } from '../storage/result-store.js';
import type { JobInput, JobProcessPool } from './handlers.js';
import type { JobLog } from './logging.js';
import { hitALimit, type CompletedColumns, type ReservationLedger } from './reservations.js';

type WithoutBytes<T> = Omit<T, 'data'>;

/**
 * What a result job does, without the upload's bytes: plain data, so it can wait in Redis for a worker.
 * The bytes travel beside it (inline or staged, docs/decisions/0091) and join it in produceResult.
 */
export type ResultJobSpec =
  | { kind: 'image'; input: WithoutBytes<JobInput<'image'>>; smart: boolean }
  | { kind: 'apiTransform'; input: WithoutBytes<JobInput<'apiTransform'>> }
  | { kind: 'deck'; input: WithoutBytes<JobInput<'deck'>> };

/** One result job, from reserveAndProduce through the queue (here or BullMQ) to its job process. */
export type ResultJob = ResultJobSpec & {
  /** The reserved result row: the job completes it, or its unit is given back. */
  resultId: string;
  /** Whose result it is (user or guest session id): only they may read why a started job failed. It is also the job's line (docs/decisions/0147). */
  owner: string;
  /** A premium owner's batch may use every worker while nobody else waits (docs/decisions/0147). */
  mayUseAllWorkers: boolean;
  /** Work that may reach a time or memory limit: refused once its owner's heavy-work budget is spent (docs/decisions/0147). */
  heavy: boolean;
  /** The request that asked for it (X-Request-Id or generated), named in the job's log line (docs/decisions/0240). */
  requestId?: string;
};

export interface ResultJobDeps {
  /** Completes the reserved row or gives its unit back (modules/quota, handed in by the entry points). */
  ledger: ReservationLedger;
  store: ResultStore;
  /** Runs the pixel work itself, in killable child processes (docs/decisions/0037). */
  pool: JobProcessPool;
  /** One line per job, with its request id, duration and outcome (docs/decisions/0240). */
  log?: JobLog;
}

interface Completion {
  /** The stored file's key. */
  storageKey: string;
  data: Buffer;
  columns: CompletedColumns;
  /** An API shrink's copyright, creation and location fields, kept beside the result. */
  preservable?: KeptMetadata;
}

function imageColumns(image: OptimisedImage): CompletedColumns {
  return {
    processedSize: image.data.length,
    format: image.format,
    width: image.width,
    height: image.height,
    quality: image.quality,
    search: image.search,
    similarity: image.similarity,
  };
}

/** Runs the job's pixel work in a job process and says what to store and record. */
async function work({ pool, store }: ResultJobDeps, job: ResultJob, data: Buffer): Promise<Completion> {
  switch (job.kind) {
    case 'image': {
      const image = await pool.run('image', { ...job.input, data });
      const columns = { ...imageColumns(image), alreadyOptimal: image.alreadyOptimal, smart: job.smart };
      return { storageKey: `${job.resultId}.${extensionOf[image.format]}`, data: image.data, columns, preservable: image.preservable };
    }
    case 'apiTransform': {
      // `preserve` writes back fields kept beside the source result (docs/decisions/0136).
      const kept = job.input.preserve ? { kept: await keptBeside(store, job.input.preserve.from) } : {};
      const image = await pool.run('apiTransform', { ...job.input, ...kept, data });
      const columns = { ...imageColumns(image), smart: true };
      return { storageKey: `${job.resultId}.${extensionOf[image.format]}`, data: image.data, columns, preservable: image.preservable };
    }
    case 'deck': {
      const deck = await pool.run('deck', { ...job.input, data });
      const report = { target: job.input.target, convertedFromPpt: deck.convertedFromPpt, ...deck.counts };
      return {
        storageKey: `${job.resultId}.${deck.format}`,
        data: deck.data,
        columns: { processedSize: deck.data.length, format: deck.format, alreadyOptimal: deck.alreadyOptimal, report },
      };
    }
  }
}

/** The reservation was given back while the job ran (the request gave up, or the sweeper judged it dead). */
export function resultGivenBack(): AppError {
  return new AppError('server_busy', 'This upload waited too long to be processed. Please send it again.');
}

/**
 * Runs one result job to the end: the work, the file in the store, the row marked completed. Whoever
 * runs it (this process without Redis, a worker with it) completes the row, so a result outlives the
 * request that asked for it. Running it twice (a worker taken for dead) completes the row once. Gives
 * the completed row.
 */
export async function produceResult(deps: ResultJobDeps, job: ResultJob, data: Buffer): Promise<ResultRow> {
  const began = performance.now();
  const format =
    (job.input as { settings?: { format?: string }; format?: string }).settings?.format ?? (job.input as { format?: string }).format;
  const observe = (outcome: string, made?: string, clientFault = false) => {
    const ms = performance.now() - began;
    metrics.jobs.observe({ kind: job.kind, format: made ?? format ?? 'unknown', outcome }, ms / 1000);
    const line = {
      requestId: job.requestId,
      resultId: job.resultId,
      kind: job.kind,
      format: made ?? format,
      outcome,
      durationMs: Math.round(ms),
    };
    // A file the client got wrong is the client's news; anything else is the operator's.
    if (outcome === 'completed') deps.log?.info(line, 'result job completed');
    else if (clientFault) deps.log?.info(line, 'result job refused the file');
    else deps.log?.warn(line, 'result job failed');
  };
  try {
    const row = await produceResultOnce(deps, job, data);
    observe('completed', row.format ?? undefined);
    return row;
  } catch (error) {
    observe(error instanceof AppError ? error.code : 'failed', undefined, error instanceof AppError && error.status < 500);
    throw error;
  }
}

async function produceResultOnce(deps: ResultJobDeps, job: ResultJob, data: Buffer): Promise<ResultRow> {
  // The owner's earlier jobs may have spent the heavy-work budget while this one waited (docs/decisions/0147).
  if (job.heavy) await deps.ledger.refuseIfHeavyWorkSpent(job.resultId);
  const {
    storageKey,
    data: output,
    columns,
    preservable,
  } = await work(deps, job, data).catch(async (error: unknown) => {
    // Charged before the worker is free, so the owner's next job already sees it (docs/decisions/0147).
    if (hitALimit(error)) await deps.ledger.chargeLimitHit(job.resultId);
    throw error;
  });
  await deps.store.put(storageKey, output);
  // An API shrink's preservable fields wait beside it for a later `preserve` (docs/decisions/0136).
  if (preservable && !nothingKept(preservable))
    await deps.store.put(keptMetadataKey(job.resultId), Buffer.from(JSON.stringify(preservable)));
  const completed = await deps.ledger.complete(job.resultId, storageKey, columns);
  if (completed) return completed;
  // Nothing points at these bytes any more: they must not wait in the store for nobody.
  await deps.store.delete(storageKey);
  await deps.store.delete(keptMetadataKey(job.resultId));
  throw resultGivenBack();
}

/** The fields kept beside a result, or null when it has none (nothing to keep, or expired). */
async function keptBeside(store: ResultStore, resultId: string): Promise<KeptMetadata | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(keptMetadataKey(resultId))) chunks.push(Buffer.from(chunk as Buffer));
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as KeptMetadata;
  } catch (error) {
    if (error instanceof StoredFileMissing) return null;
    throw error;
  }
}
