import type { ImageInfo } from '../images/inspect.js';
import { optimiseImage, type OptimiseOptions } from '../images/optimise.js';
import { transformImage, type TransformRequest } from '../images/transform.js';
import { DECK_TIME_LIMIT_MS, runDeckJob, type DeckJob } from '../presentations/deck-job.js';
import type { ProcessPool } from './queue.js';

/** Every kind of job the app runs in a job process, by name. */
export const jobHandlers = {
  image: (input: { data: Buffer; info: ImageInfo; options: OptimiseOptions }) => optimiseImage(input.data, input.info, input.options),
  /** The developer API's resize, convert and background of an existing result. */
  apiTransform: (input: TransformRequest) => transformImage(input),
  /** A PowerPoint deck: converted from .ppt when needed, then optimised. */
  deck: (input: DeckJob) => runDeckJob(input),
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

/** Runs a job in this process (the job process's side of the pool). */
export function runJob(job: JobRequest): Promise<JobOutput<JobKind>> {
  switch (job.kind) {
    case 'image':
      return jobHandlers.image(job.input);
    case 'apiTransform':
      return jobHandlers.apiTransform(job.input);
    case 'deck':
      return jobHandlers.deck(job.input);
  }
}
