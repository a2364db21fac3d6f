import os from 'node:os';
import { AppError } from '../core/errors.js';

/** The shortest and longest Retry-After a full queue answers, in seconds (docs/decisions/0153, 0158). */
export const RETRY_AFTER_MIN_SECONDS = 5;
export const RETRY_AFTER_MAX_SECONDS = 60;

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

/** A full queue's refusal; `retryAfterSeconds` from the queue's recent jobs where it knows them (result-queue.ts's retryAfterEstimate). */
export function serverBusy(retryAfterSeconds = RETRY_AFTER_MIN_SECONDS): AppError {
  return new AppError(
    'server_busy',
    `We are processing many images right now. Please try again in ${retryAfterSeconds} seconds.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
