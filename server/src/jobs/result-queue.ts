import type { ResultRow } from '../db/schema/index.js';
import { AppError } from '../core/errors.js';
import { fairLines } from './fair-lines.js';
import { heldAdmission, holdingPlace, placeTakenByJob, serverBusy, type QueueLimits } from './queue.js';
import { retryAfterEstimate } from './retry-after.js';
import { metrics, setWaitingSource } from './metrics.js';
import { produceResult, type ResultJob, type ResultJobDeps } from './result-job.js';

/**
 * The seam for result jobs (an image, a transform, a deck): the job's child processes on this machine
 * without Redis (localResultQueue), BullMQ jobs consumed by workers with it (bullmq-queue.ts). Either
 * way the job itself completes the result row, or gives its unit back when it fails.
 */
export interface ResultQueue {
  /** 503 before the caller spends anything (reads a body, reserves a unit) on a job we cannot take. */
  assertRoom(): Promise<void>;
  /**
   * The queue's door for a request whose file has arrived: runs `work` holding a waiting place, taken
   * before it writes a session or reserves a unit and freed when it ends, unless the job it queues took
   * it over; 503 when none is left, so of a burst that passed assertRoom together only as many go on as
   * fit (docs/decisions/0082, 0270). The routes of uploads, API shrinks and transforms and decks call it.
   */
  admitted<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs the job to its end; rejects with its error or JobStillRunning (the caller, reserveAndProduce, gives the unit back).
   * The job takes its request's place. Gives the completed row when this process completed it, null when a worker elsewhere did (the caller reads it).
   */
  produce(job: ResultJob, data: Buffer): Promise<ResultRow | null>;
  /** Accepts the job and returns at once; the row, or failureOf, tells its outcome later. The job takes its request's place. */
  start(job: ResultJob, data: Buffer): Promise<void>;
  /** Why a started job failed, for its owner, while that is remembered (an hour); null when unknown. */
  failureOf(resultId: string, owner: string): Promise<AppError | null>;
  /** Waits for the jobs this process runs and accepts no more. */
  close(): Promise<void>;
}

/** The job outlived the request's wait: it stays reserved, and its result appears in the owner's results once done. */
export class JobStillRunning extends AppError {
  constructor() {
    super('server_busy', 'Your file is still being processed; it will appear in your results when it is done.', undefined, {
      'Retry-After': '30',
    });
    // Marked so a client does not send the file again: it would be processed twice (docs/decisions/0162).
    this.params = { reason: 'still_running' };
  }
}

/** How long the reason a started job failed is kept for its owner to read. */
export const FAILURE_KEPT_MS = 3600 * 1000;

/** A job's error as its client sees it: an AppError as it is, anything else a 500 that shows nothing. */
export function clientError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('internal', 'Something went wrong on our side. Please try again.');
}

/**
 * The single-machine result queue: each job waits in its owner's line (fair-lines.ts), runs here, its
 * pixel work in the process pool's child processes. `limits` are the pool's: as many jobs run as it
 * has workers, and at most maxWaiting wait, half of them in one line (docs/decisions/0147).
 */
export function localResultQueue(deps: ResultJobDeps, limits: QueueLimits): ResultQueue {
  const failures = new Map<string, { owner: string; error: AppError; at: number }>();
  const started = new Set<Promise<unknown>>();
  // Refusals ask the client back about when the running jobs will have freed places (0158).
  const retryAfter = retryAfterEstimate();
  const busy = () => serverBusy(retryAfter.seconds);
  const lines = fairLines(limits.concurrency, Math.max(1, Math.floor(limits.maxWaiting / 2)), busy);
  // Requests admitted but not yet in a line count as waiting, so a burst cannot all pass the check at once (0082).
  let admitted = 0;
  let closed = false;
  const isFull = () => closed || lines.waiting + admitted >= limits.maxWaiting;
  setWaitingSource(() => lines.waiting);
  const inLine = (job: ResultJob, data: Buffer) => {
    const queued = performance.now();
    return lines.run(job, async () => {
      const began = performance.now();
      metrics.jobWait.observe((began - queued) / 1000);
      try {
        return await produceResult(deps, job, data);
      } finally {
        retryAfter.jobTook(performance.now() - began);
      }
    });
  };
  return {
    async assertRoom() {
      if (isFull()) throw busy();
      // Asked as a request arrives, before its body: a job process starts while the upload is read (0154).
      deps.pool.warm();
    },
    async admitted(work) {
      if (isFull()) throw busy();
      admitted++;
      return holdingPlace(
        heldAdmission(() => admitted--),
        work,
      );
    },
    async produce(job, data) {
      // Given back in the same tick as the job is queued, so the job takes its place.
      placeTakenByJob();
      return inLine(job, data);
    },
    async start(job, data) {
      placeTakenByJob();
      if (isFull()) throw busy();
      const running = inLine(job, data).catch(async (error: unknown) => {
        const now = Date.now();
        for (const [id, failure] of failures) if (now - failure.at > FAILURE_KEPT_MS) failures.delete(id);
        // Known before the row goes, so a client polling never finds neither.
        failures.set(job.resultId, { owner: job.owner, error: clientError(error), at: now });
        await deps.ledger.giveBack(job.resultId);
      });
      started.add(running);
      void running.finally(() => started.delete(running));
    },
    async failureOf(resultId, owner) {
      const failure = failures.get(resultId);
      return failure && failure.owner === owner ? failure.error : null;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...started]);
      await deps.pool.close();
    },
  };
}
