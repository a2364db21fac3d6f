import type { JobLog } from './bullmq-worker.js';
import { jobsPrefix } from './bullmq-queue.js';

/**
 * Data export jobs ("Download my data", docs/decisions/0250): one job makes one account's ZIP. The work
 * itself is modules' (the entry points hand it in, as they hand result jobs their ledger); this floor
 * only carries the job: run here, one at a time, without Redis; through BullMQ to a worker with it.
 */
export interface ExportJob {
  exportId: string;
  /** The language of the e-mail that says it is ready. */
  language: string;
  /** The asking request's id, named on the export's log lines wherever it runs (docs/decisions/0240). */
  requestId?: string;
}

/** Makes the export; on its last attempt a failure is the work's to record (the row marked failed). */
export type ExportWork = (job: ExportJob, attempt: { last: boolean }) => Promise<void>;

export interface ExportQueue {
  /** Accepts the job and returns at once; the export's row tells its progress. */
  start(job: ExportJob): Promise<void>;
  /** Waits for the export this process is making and accepts no more. */
  close(): Promise<void>;
}

/** One BullMQ queue for export jobs, beside the result jobs' under `<REDIS_PREFIX>:jobs`. */
export const EXPORT_QUEUE = 'exports';

/** A worker lost with its job (killed, Redis away) is tried once more; a failure of the work itself also gets one more try. */
const EXPORT_JOB_OPTIONS = { attempts: 2, backoff: { type: 'fixed', delay: 2000 }, removeOnComplete: true, removeOnFail: true } as const;

/**
 * Runs the work and writes the export's one line, as a result job's (docs/decisions/0240): its request id,
 * outcome and duration, at info when made and warn when it failed.
 */
async function runLogged(work: ExportWork, job: ExportJob, attempt: { last: boolean }, log: Pick<JobLog, 'info' | 'warn'>) {
  const began = performance.now();
  const line = (outcome: string) => ({
    requestId: job.requestId,
    exportId: job.exportId,
    kind: 'export',
    outcome,
    durationMs: Math.round(performance.now() - began),
  });
  try {
    await work(job, attempt);
    log.info(line('completed'), 'data export completed');
  } catch (error) {
    log.warn({ ...line('failed'), err: error, lastAttempt: attempt.last }, 'data export failed');
    throw error;
  }
}

/** Without Redis: exports run in this process, one after another (each streams; one account's ZIP takes seconds). */
export function localExportQueue(work: ExportWork, log: Pick<JobLog, 'info' | 'warn'>): ExportQueue {
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    async start(job) {
      if (closed) throw new Error('export queue closed');
      // The failure is on the export's line already; the chain goes on to the next export.
      chain = chain.then(() => runLogged(work, job, { last: true }, log).catch(() => undefined));
    },
    async close() {
      closed = true;
      await chain;
    },
  };
}

/** With Redis: the web side adds the job; a worker (ROLE worker or all) makes it. */
export async function bullExportQueue(options: { redisUrl: string; redisPrefix: string }): Promise<ExportQueue> {
  // Loaded only with REDIS_URL (docs/decisions/0110).
  const { Queue } = await import('bullmq');
  const queue = new Queue<ExportJob>(EXPORT_QUEUE, {
    connection: { url: options.redisUrl, enableOfflineQueue: false },
    prefix: jobsPrefix(options.redisPrefix),
  });
  queue.on('error', () => undefined);
  await queue.waitUntilReady();
  return {
    async start(job) {
      await queue.add('export', job, { ...EXPORT_JOB_OPTIONS, jobId: job.exportId });
    },
    async close() {
      await queue.close().catch(() => queue.disconnect());
    },
  };
}

/** The consuming side: one export at a time per worker, its lock renewed like result jobs' (JOB_STALL_SECONDS). */
export async function startExportWorker(options: {
  redisUrl: string;
  redisPrefix: string;
  stallSeconds: number;
  work: ExportWork;
  log: JobLog;
}) {
  const { Worker } = await import('bullmq');
  const worker = new Worker<ExportJob>(
    EXPORT_QUEUE,
    async (job) => {
      await runLogged(options.work, job.data, { last: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }, options.log);
    },
    {
      connection: { url: options.redisUrl, maxRetriesPerRequest: null },
      prefix: jobsPrefix(options.redisPrefix),
      concurrency: 1,
      lockDuration: options.stallSeconds * 1000,
      stalledInterval: options.stallSeconds * 1000,
      maxStalledCount: 1,
    },
  );
  worker.on('error', (error) => options.log.warn({ err: error }, 'export worker: Redis unreachable'));
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
    },
  };
}
