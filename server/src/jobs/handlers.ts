import type { ImageInfo } from '../images/inspect.js';
import { optimiseImage, type OptimiseOptions } from '../images/optimise.js';
import { transformImage, type TransformRequest } from '../images/transform.js';
import { DECK_TIME_LIMIT_MS, runDeckJob, type DeckJob } from '../presentations/deck-job.js';
import type { JobQueue } from './queue.js';

/** Every kind of job the app runs, by name. */
export const jobHandlers = {
  image: (input: { data: Buffer; info: ImageInfo; options: OptimiseOptions }) => optimiseImage(input.data, input.info, input.options),
  /** The developer API's resize, convert and background of an existing result. */
  apiTransform: (input: TransformRequest) => transformImage(input),
  /** A PowerPoint deck: converted from .ppt when needed, then optimised. */
  deck: (input: DeckJob) => runDeckJob(input),
};

/** Kinds that may run longer than one image's limit: a deck holds many pictures (docs/decisions/0043). */
export const jobTimeLimits: Record<string, number> = { deck: DECK_TIME_LIMIT_MS };

export type AppJobs = typeof jobHandlers;
export type AppQueue = JobQueue<AppJobs>;
