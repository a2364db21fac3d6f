import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import { AppError } from '../core/errors.js';
import { RETRY_AFTER_MIN_SECONDS } from './retry-after.js';

export interface QueueLimits {
  /** Jobs run at once; libvips runs one thread per image here, so one per core. */
  concurrency: number;
  /** Jobs allowed to wait; past that a request is turned away at once instead of timing out. */
  maxWaiting: number;
}

export const defaultQueueLimits = (): QueueLimits => {
  const cores = os.availableParallelism();
  return { concurrency: cores, maxWaiting: cores * 4 };
};

/** A waiting place held by a request whose file has arrived (docs/decisions/0082); release() frees it (safe to call twice). */
export interface Admission {
  release(): void;
}

/** An admission that calls giveBack the first time it is released, never again. */
export function heldAdmission(giveBack: () => void): Admission {
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      giveBack();
    },
  };
}

/** The place the request running here holds: no signature carries it (docs/decisions/0270). */
const heldPlaces = new AsyncLocalStorage<Admission>();

/**
 * The result queue's door: runs `work` holding `place`; the job `work` queues takes the place over
 * (placeTakenByJob), and whatever is left of it is freed when `work` ends, answered or failed.
 */
export async function holdingPlace<T>(place: Admission, work: () => Promise<T>): Promise<T> {
  try {
    return await heldPlaces.run(place, work);
  } finally {
    place.release();
  }
}

/** A job is being queued: the place its request held becomes the job's (a no-op for a request that held none). */
export function placeTakenByJob(): void {
  heldPlaces.getStore()?.release();
}

/** A job's work, by kind: input and output are plain data, so a job can also travel to another process. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobHandlers = Record<string, (input: any) => Promise<unknown>>;

/**
 * The job processes that do the pixel work (process-pool.ts): at most `concurrency` jobs at once, a
 * backstop of `maxWaiting`, then 503. Which requests may queue is the result queue's (result-queue.ts).
 */
export interface ProcessPool<H extends JobHandlers> {
  run<K extends keyof H & string>(kind: K, input: Parameters<H[K]>[0]): Promise<Awaited<ReturnType<H[K]>>>;
  /**
   * Starts a job process, when none is idle and another job could run, while a request's upload still
   * arrives, so its job does not wait for the start (docs/decisions/0154).
   */
  warm(): void;
  /** Job processes alive (idle, starting or working). */
  readonly processes: number;
  /** Waits for running jobs to finish and accepts no more. */
  close(): Promise<void>;
}

/** A full queue's refusal; `retryAfterSeconds` from the queue's recent jobs where it knows them (retry-after.ts). */
export function serverBusy(retryAfterSeconds = RETRY_AFTER_MIN_SECONDS): AppError {
  return new AppError(
    'server_busy',
    `We are processing many images right now. Please try again in ${retryAfterSeconds} seconds.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
