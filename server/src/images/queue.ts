import os from 'node:os';
import PQueue from 'p-queue';
import { AppError } from '../errors.js';

export interface QueueLimits {
  /** Images encoded at once; libvips runs one thread per image here, so one per core. */
  concurrency: number;
  /** Images allowed to wait; past that a request is turned away at once instead of timing out. */
  maxWaiting: number;
}

export const defaultQueueLimits = (): QueueLimits => {
  const cores = os.availableParallelism();
  return { concurrency: cores, maxWaiting: cores * 4 };
};

/** Seconds a refused client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** The processing queue: bounded work in progress, bounded waiting, then 503 with Retry-After. */
export class ProcessingQueue {
  private readonly queue: PQueue;

  constructor(private readonly limits: QueueLimits = defaultQueueLimits()) {
    this.queue = new PQueue({ concurrency: limits.concurrency });
  }

  get isFull(): boolean {
    return this.queue.size >= this.limits.maxWaiting;
  }

  /** Refuses before the caller spends anything (quota, memory) on a request we cannot take. */
  assertRoom(): void {
    if (this.isFull) {
      throw new AppError(
        'server_busy',
        'We are processing many images right now. Please try again in a few seconds.',
        undefined,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    this.assertRoom();
    return (await this.queue.add(task, { throwOnTimeout: true })) as T;
  }
}
