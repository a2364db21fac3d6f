import { optimiseImageJob } from '../images/optimise.js';
import { transformImage } from '../images/transform.js';
import { DECK_TIME_LIMIT_MS, runDeckJob } from '../presentations/deck-job.js';
import type { ProcessPool } from './queue.js';

/**
 * Every kind of job the app runs in a job process, by name: the engine's own entries, which the job
 * process (job-child.ts) calls with the input it is sent.
 */
export const jobHandlers = {
  image: optimiseImageJob,
  /** The developer API's resize, convert and background of an existing result. */
  apiTransform: transformImage,
  /** A PowerPoint deck: converted from .ppt when needed, then optimised. */
  deck: runDeckJob,
};

/** Kinds that may use more CPU time than one image's limit: a deck holds many pictures (docs/decisions/0043, 0158). */
export const jobTimeLimits: Record<string, number> = { deck: DECK_TIME_LIMIT_MS };

export type AppJobs = typeof jobHandlers;
export type JobKind = keyof AppJobs;
export type JobInput<K extends JobKind> = Parameters<AppJobs[K]>[0];
export type JobOutput<K extends JobKind> = Awaited<ReturnType<AppJobs[K]>>;
/** What a job process is sent: a kind and its own input, bytes included. */
export type JobRequest = { [K in JobKind]: { kind: K; input: JobInput<K> } }[JobKind];
/** The pool of child processes that runs jobs (jobs/process-pool.ts). */
export type JobProcessPool = ProcessPool<AppJobs>;
