import { AppError } from '../errors.js';
import { extensionOf } from '../images/formats.js';
import { nothingKept, type KeptMetadata } from '../images/kept-metadata.js';
import type { OptimisedImage } from '../images/optimise.js';
import type { DeckJob, DeckJobResult } from '../presentations/deck-job.js';
import { keptMetadataKey, StoredFileMissing, type ResultStore } from '../storage/result-store.js';
import type { AppJobs, AppQueue } from './handlers.js';
import type { ReservationLedger } from './reservations.js';

type WithoutBytes<T> = Omit<T, 'data'>;

/**
 * What a result job does, without the upload's bytes: plain data, so it can wait in Redis for a worker.
 * The bytes travel beside it (inline or staged, docs/decisions/0091).
 */
export type ResultJobSpec =
  | { kind: 'image'; input: WithoutBytes<Parameters<AppJobs['image']>[0]>; smart: boolean }
  | { kind: 'apiTransform'; input: WithoutBytes<Parameters<AppJobs['apiTransform']>[0]> }
  | { kind: 'deck'; input: WithoutBytes<DeckJob> };

export type ResultJob = ResultJobSpec & {
  /** The reserved result row: the job completes it, or its unit is given back. */
  resultId: string;
  /** Whose result it is (user or guest session id): only they may read why a started job failed. */
  owner: string;
};

export interface ResultJobDeps {
  /** Completes the reserved row or gives its unit back (modules/quota, handed in by the entry points). */
  ledger: ReservationLedger;
  store: ResultStore;
  /** Runs the pixel work itself, in killable child processes (docs/decisions/0037). */
  queue: AppQueue;
}

/** The stored file's key and the row's columns once the work is done. */
function completion(job: ResultJob, output: OptimisedImage | DeckJobResult) {
  if (job.kind === 'deck') {
    const deck = output as DeckJobResult;
    return {
      storageKey: `${job.resultId}.${deck.format}`,
      columns: {
        processedSize: deck.data.length,
        format: deck.format,
        alreadyOptimal: deck.alreadyOptimal,
        report: { target: job.input.target, convertedFromPpt: deck.convertedFromPpt, ...deck.counts },
      },
    };
  }
  const image = output as OptimisedImage;
  const columns = { processedSize: image.data.length, format: image.format, width: image.width, height: image.height, quality: image.quality, search: image.search, similarity: image.similarity };
  return {
    storageKey: `${job.resultId}.${extensionOf[image.format]}`,
    columns:
      job.kind === 'image' ? { ...columns, alreadyOptimal: image.alreadyOptimal, smart: job.smart } : { ...columns, smart: true },
  };
}

/** The reservation was given back while the job ran (the request gave up, or the sweeper judged it dead). */
export function resultGivenBack(): AppError {
  return new AppError('server_busy', 'This upload waited too long to be processed. Please send it again.');
}

/**
 * Runs one result job to the end: the work, the file in the store, the row marked completed. Whoever
 * runs it (this process without Redis, a worker with it) completes the row, so a result outlives the
 * request that asked for it. Running it twice (a worker taken for dead) completes the row once.
 */
export async function produceResult(deps: ResultJobDeps, job: ResultJob, data: Buffer): Promise<void> {
  const input = job.kind === 'apiTransform' && job.input.preserve ? { ...job.input, kept: await keptBeside(deps.store, job.input.preserve.from) } : job.input;
  const output = (await deps.queue.run(job.kind, { ...input, data } as never)) as OptimisedImage | DeckJobResult;
  const { storageKey, columns } = completion(job, output);
  await deps.store.put(storageKey, output.data);
  // An API shrink's preservable fields wait beside it for a later `preserve` (docs/decisions/0136).
  const preservable = 'preservable' in output ? output.preservable : undefined;
  if (preservable && !nothingKept(preservable)) await deps.store.put(keptMetadataKey(job.resultId), Buffer.from(JSON.stringify(preservable)));
  if (await deps.ledger.complete(job.resultId, storageKey, columns)) return;
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
