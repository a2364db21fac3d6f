import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Job } from 'bullmq';
import { AppError } from '../core/errors.js';
import { StoredFileMissing, type ResultStore } from '../storage/result-store.js';
import { openLinesRedis, PARKED_MS, WORKER_RENEW_MS, workerLines } from './bullmq-lines.js';
import { RESULT_QUEUE, errorOfReason, failureReason, jobsPrefix, type CompletedResultJob, type QueuedResultJob } from './bullmq-queue.js';
import { jobTimeLimits, type AppJobs } from './handlers.js';
import { childProcessPool, type ProcessPoolLimits } from './process-pool.js';
import { defaultQueueLimits } from './queue.js';
import { clientError } from './result-queue.js';
import { metrics } from './metrics.js';
import type { ReservationLedger } from './reservations.js';
import { produceResult, resultGivenBack } from './result-job.js';

import type { JobLog } from './logging.js';

export type { JobLog };

export interface ResultWorkerOptions {
  redisUrl: string;
  redisPrefix: string;
  /** Seconds without a sign of life before a job is handed to another worker (JOB_STALL_SECONDS). */
  stallSeconds: number;
  /** modules/quota's ledger: completes rows, gives units back. */
  ledger: ReservationLedger;
  store: ResultStore;
  inputs: ResultStore;
  /** Jobs at once (one per core by default) and the child processes' time and memory limits. */
  limits?: ProcessPoolLimits;
  log: JobLog;
}

/**
 * Consumes result jobs from BullMQ. Each job's pixel work runs in a killable child process, as without
 * Redis (docs/decisions/0037); the worker stores the result and completes its row, so the web instance
 * that asked may be gone by then. A bad file fails at once and gives its unit back (docs/decisions/0090).
 */
export async function startResultWorker(options: ResultWorkerOptions) {
  // Loaded only with REDIS_URL (docs/decisions/0110).
  const { DelayedError, UnrecoverableError, Worker } = await import('bullmq');
  const limits: ProcessPoolLimits = options.limits ?? defaultQueueLimits();
  const pool = childProcessPool<AppJobs>({
    ...limits,
    maxWaiting: limits.concurrency,
    cpuLimitMsByKind: { ...jobTimeLimits, ...limits.cpuLimitMsByKind },
  });
  const deps = { ledger: options.ledger, store: options.store, pool, log: options.log };

  const readInput = async ({ input }: QueuedResultJob): Promise<Buffer> => {
    if ('inline' in input) return Buffer.from(input.inline, 'base64');
    try {
      return await buffer(await options.inputs.get(input.staged));
    } catch (error) {
      // Gone with an earlier run of this job, or by hand: nothing left to work on.
      if (error instanceof StoredFileMissing) throw resultGivenBack();
      throw error;
    }
  };
  const dropInput = async ({ input }: QueuedResultJob) => {
    if ('staged' in input) await options.inputs.delete(input.staged).catch(() => undefined);
  };

  // The cluster's lines (docs/decisions/0148): this worker's share counts while it renews its note.
  const linesRedis = await openLinesRedis(options.redisUrl);
  const lines = workerLines(linesRedis, options.redisPrefix, randomUUID(), limits.concurrency);
  await lines.note();
  const renew = setInterval(() => void lines.note().catch(() => undefined), WORKER_RENEW_MS);
  renew.unref();

  const worker = new Worker<QueuedResultJob>(
    RESULT_QUEUE,
    async (job: Job<QueuedResultJob>, token?: string): Promise<CompletedResultJob> => {
      // Its owner holds its share of the cluster's workers: it waits again, behind the other lines (docs/decisions/0148).
      if (!(await lines.take(job.data.job.resultId, job.data.job))) {
        await job.moveToDelayed(Date.now() + PARKED_MS, token);
        throw new DelayedError();
      }
      const began = performance.now();
      metrics.jobWait.observe(Math.max(0, Date.now() - job.timestamp) / 1000);
      try {
        await produceResult(deps, job.data.job, await readInput(job.data));
      } catch (error) {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        if (!(error instanceof AppError) && !lastAttempt) {
          options.log.warn({ err: error, jobId: job.id, requestId: job.data.job.requestId }, 'result job failed; it will be tried again');
          throw error;
        }
        await dropInput(job.data);
        // The failed job is kept an hour for its reason: without its bytes.
        await job.updateData({ job: job.data.job, input: { inline: '' } }).catch(() => undefined);
        throw new UnrecoverableError(failureReason(clientError(error)));
      } finally {
        await lines.done(job.data.job.resultId).catch(() => undefined);
      }
      await dropInput(job.data);
      return { heldMs: Math.round(performance.now() - began) };
    },
    {
      connection: { url: options.redisUrl, maxRetriesPerRequest: null },
      prefix: jobsPrefix(options.redisPrefix),
      concurrency: limits.concurrency,
      // The lock is renewed every half of it; a worker silent that long (killed, frozen) loses its jobs to others.
      lockDuration: options.stallSeconds * 1000,
      stalledInterval: options.stallSeconds * 1000,
      maxStalledCount: 2,
    },
  );
  // The unit goes back once the failure is recorded, so a client polling never finds neither (docs/decisions/0090).
  worker.on('failed', (job, error) => {
    if (!job || !errorOfReason(error.message)) return;
    options.ledger
      .giveBack(job.data.job.resultId)
      .catch((failure: unknown) => options.log.error({ err: failure, jobId: job.id }, 'unit not given back; the sweeper will'));
  });
  worker.on('error', (error) => options.log.warn({ err: error }, 'job worker: Redis unreachable'));
  worker.on('stalled', (jobId) => options.log.warn({ jobId }, 'result job stalled (its worker stopped); handed to a worker again'));
  await worker.waitUntilReady();

  return {
    /** Finishes the jobs in progress, takes no more, then ends the child processes. */
    async close() {
      await worker.close();
      clearInterval(renew);
      await lines.leave().catch(() => undefined);
      linesRedis.disconnect();
      await pool.close();
    },
  };
}
