import { AppError } from '../core/errors.js';
import type { ResultStore } from '../storage/result-store.js';
import { openLinesRedis, waitingNotes } from './bullmq-lines.js';
import { receivedError, sendableError, type SentError } from './protocol.js';
import { serverBusy } from './queue.js';
import { setWaitingSource } from './metrics.js';
import {
  FAILURE_KEPT_MS,
  heldAdmission,
  holdingPlace,
  JobStillRunning,
  placeTakenByJob,
  retryAfterEstimate,
  type ResultQueue,
} from './result-queue.js';
import type { ReservationLedger } from './reservations.js';
import type { ResultJob } from './result-job.js';

/** One BullMQ queue for every result job; its keys start with `<REDIS_PREFIX>:jobs`. */
export const RESULT_QUEUE = 'results';
export const jobsPrefix = (redisPrefix: string) => `${redisPrefix}:jobs`;

/** Uploads up to this size travel inside the job in Redis; larger ones wait in the input store (docs/decisions/0091). */
export const INLINE_INPUT_BYTES = 1024 * 1024;

/** A result job as it waits in Redis: its bytes inline (base64) or the key of the staged upload. */
export interface QueuedResultJob {
  job: ResultJob;
  input: { inline: string } | { staged: string };
}

export const stagedInputKey = (resultId: string) => `${resultId}.upload`;

/** What a worker answers for a job done: how long it held the worker, from which every instance's busy answer takes its Retry-After (0158). */
export interface CompletedResultJob {
  heldMs: number;
}

/** Infrastructure failures (a worker gone, Redis or the database away for a moment) are tried again; a bad file never is. */
export const RESULT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: { age: FAILURE_KEPT_MS / 1000 },
} as const;

/** A request waits this long for its job (a deck may take 2 minutes once a worker has it), then answers JobStillRunning. */
export const PRODUCE_WAIT_MS = 4 * 60 * 1000;

const FAILURE_MARK = 'lightpix:';

/** How long one count of the waiting jobs is trusted. */
const WAITING_COUNT_FRESH_MS = 100;

/** The failed reason BullMQ keeps: the client's error, so any instance can answer with it. */
export function failureReason(error: AppError): string {
  return FAILURE_MARK + JSON.stringify(sendableError(error));
}

export function errorOfReason(reason: string | undefined): AppError | null {
  if (!reason?.startsWith(FAILURE_MARK)) return null;
  const error = receivedError(JSON.parse(reason.slice(FAILURE_MARK.length)) as SentError);
  return error instanceof AppError ? error : null;
}

/** A job Redis would not take (Redis gone): the client may simply try again. */
const notQueued = () =>
  new AppError('server_busy', 'Your file could not be queued right now. Please try again in a few seconds.', undefined, {
    'Retry-After': '5',
  });

/**
 * A job that failed with no reason kept (a worker died twice on it): marked so the page does not send it
 * again by itself, as a file that kills workers would go round worker after worker (docs/decisions/0162).
 */
export const notProcessed = () =>
  new AppError('server_busy', 'Your file could not be processed right now. Please send it again later.', undefined, {
    'Retry-After': '30',
  }).withParams({ reason: 'not_processed' });

export interface BullResultQueueOptions {
  redisUrl: string;
  redisPrefix: string;
  /** modules/quota's ledger: a completed row answers a wait whose report was lost. */
  ledger: ReservationLedger;
  /** Where uploads over INLINE_INPUT_BYTES wait for a worker. */
  inputs: ResultStore;
  /** Jobs allowed to wait cluster-wide before uploads are refused with 503. */
  maxWaiting: number;
  waitMs?: number;
}

/** The web side of the BullMQ queue: enqueues, answers from the job's outcome, counts waiting jobs for back-pressure. */
export async function bullResultQueue(options: BullResultQueueOptions): Promise<ResultQueue> {
  // Loaded only with REDIS_URL (docs/decisions/0110).
  const { Job, Queue, QueueEvents } = await import('bullmq');
  const prefix = jobsPrefix(options.redisPrefix);
  // Commands fail at once while Redis is away, so an upload is answered 503 in seconds, not held until it returns (0206).
  const queue = new Queue<QueuedResultJob>(RESULT_QUEUE, { connection: { url: options.redisUrl, enableOfflineQueue: false }, prefix });
  // Blocking reads of the event stream: BullMQ requires commands to wait for a reconnect, not fail.
  const events = new QueueEvents(RESULT_QUEUE, { connection: { url: options.redisUrl, maxRetriesPerRequest: null }, prefix });
  // Redis errors reach the calls that need Redis (count, add, wait) and become 503s there; unheard, they would end the process.
  queue.on('error', () => undefined);
  events.on('error', () => undefined);
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  // Every instance hears every job done, whoever asked for it: a full queue's Retry-After follows the cluster's last jobs (docs/decisions/0158).
  const retryAfter = retryAfterEstimate();
  events.on('completed', ({ returnvalue }: { returnvalue: unknown }) => {
    const heldMs = (returnvalue as Partial<CompletedResultJob> | null)?.heldMs;
    if (typeof heldMs === 'number' && Number.isFinite(heldMs) && heldMs >= 0) retryAfter.jobTook(heldMs);
  });
  const busy = () => serverBusy(retryAfter.seconds);
  // Each job is noted in its owner's line, so workers can take from the lines in turn (docs/decisions/0148).
  const linesRedis = await openLinesRedis(options.redisUrl);
  const lines = waitingNotes(linesRedis, options.redisPrefix);
  const waitMs = options.waitMs ?? PRODUCE_WAIT_MS;
  // Requests of this instance admitted but not yet in Redis: they count as waiting (docs/decisions/0082).
  let admitted = 0;

  // A request asks twice (before its body, before its unit): one count serves both, and bursts cost one round trip.
  let counted = { waiting: 0, at: -Infinity };

  async function enqueue(job: ResultJob, data: Buffer) {
    const staged = data.length > INLINE_INPUT_BYTES ? stagedInputKey(job.resultId) : null;
    if (staged) await options.inputs.put(staged, data);
    try {
      const input = staged ? { staged } : { inline: data.toString('base64') };
      // Noted before it can be taken, so a worker never finds it running and still waiting.
      await lines.add(job.resultId, job.owner);
      const added = await queue.add(job.kind, { job, input }, { ...RESULT_JOB_OPTIONS, jobId: job.resultId });
      // This instance knows the count just changed.
      counted.at = -Infinity;
      return added;
    } catch {
      if (staged) await options.inputs.delete(staged).catch(() => undefined);
      await lines.remove(job.resultId).catch(() => undefined);
      throw notQueued();
    }
  }

  const waitingJobs = async () => {
    if (performance.now() - counted.at < WAITING_COUNT_FRESH_MS) return counted.waiting;
    // Redis unreachable: nothing could be queued either. Jobs turned away from a full line wait delayed (0148).
    const waiting = await queue.getJobCountByTypes('waiting', 'prioritized', 'delayed').catch(() => Infinity);
    counted = { waiting, at: performance.now() };
    return waiting;
  };

  setWaitingSource(waitingJobs);
  return {
    async assertRoom() {
      if ((await waitingJobs()) + admitted >= options.maxWaiting) throw busy();
    },
    async admitted(work) {
      // Counted before Redis is asked, so admissions racing in this instance cannot all see the same room.
      admitted++;
      if ((await waitingJobs()) + admitted > options.maxWaiting) {
        admitted--;
        throw busy();
      }
      return holdingPlace(
        heldAdmission(() => admitted--),
        work,
      );
    },
    async produce(job, data) {
      // Counted here until Redis counts the job: the place is given back once it is queued (or not).
      const added = await enqueue(job, data).finally(placeTakenByJob);
      try {
        await added.waitUntilFinished(events, waitMs);
      } catch (error) {
        // A job removed on completion before the wait began reads as failed: the row is the truth.
        if (await options.ledger.isCompleted(job.resultId)) return null;
        const message = error instanceof Error ? error.message : '';
        if (/timed out/.test(message)) throw new JobStillRunning();
        throw errorOfReason(message) ?? notProcessed();
      }
      // A worker completed the row, in its own process.
      return null;
    },
    async start(job, data) {
      await enqueue(job, data).finally(placeTakenByJob);
    },
    async failureOf(resultId, owner) {
      const job = await Job.fromId<QueuedResultJob>(queue, resultId).catch(() => undefined);
      if (!job || job.data.job.owner !== owner || (await job.getState()) !== 'failed') return null;
      return errorOfReason(job.failedReason) ?? notProcessed();
    },
    async close() {
      // With Redis away a polite QUIT cannot be sent (0206): the connections are dropped instead.
      await queue.close().catch(() => queue.disconnect());
      await events.close().catch(() => events.disconnect());
      linesRedis.disconnect();
    },
  };
}
