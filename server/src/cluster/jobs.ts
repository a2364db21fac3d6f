import type { Env } from '../runtime/env.js';
import { bullResultQueue } from '../jobs/bullmq-queue.js';
import { bullExportQueue, startExportWorker, type ExportQueue, type ExportWork } from '../jobs/export-jobs.js';
import { startResultWorker, type JobLog } from '../jobs/bullmq-worker.js';
import { defaultQueueLimits } from '../jobs/queue.js';
import type { ReservationLedger } from '../jobs/reservations.js';
import type { ResultQueue } from '../jobs/result-queue.js';
import type { ResultStore } from '../storage/result-store.js';
import { openInputStore } from '../storage/open.js';

/*
 * With REDIS_URL, result jobs go through BullMQ (docs/decisions/0090): a web instance enqueues (ROLE web
 * or all), a worker consumes (ROLE worker or all). Without it the app runs its jobs itself.
 */

type RedisEnv = Env & { REDIS_URL: string };

/** The web side: enqueues and answers from each job's outcome. */
export function openResultQueue(env: RedisEnv, ledger: ReservationLedger): Promise<ResultQueue> {
  return bullResultQueue({
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    ledger,
    inputs: openInputStore(env),
    // As many waiting jobs cluster-wide as one machine's queue allows: past that, 503 at once.
    maxWaiting: defaultQueueLimits().maxWaiting,
  });
}

/** The consuming side, one job per core, each in a killable child process. */
export function startResultWorkerFor(env: RedisEnv, ledger: ReservationLedger, store: ResultStore, log: JobLog) {
  return startResultWorker({
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    stallSeconds: env.JOB_STALL_SECONDS,
    ledger,
    store,
    inputs: openInputStore(env),
    log,
  });
}

/** Data export jobs through the same Redis (docs/decisions/0250): the web side adds them. */
export function openExportQueue(env: RedisEnv): Promise<ExportQueue> {
  return bullExportQueue({ redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX });
}

/** A worker makes them, one at a time, beside its result jobs. */
export function startExportWorkerFor(env: RedisEnv, work: ExportWork, log: JobLog) {
  return startExportWorker({ redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX, stallSeconds: env.JOB_STALL_SECONDS, work, log });
}
