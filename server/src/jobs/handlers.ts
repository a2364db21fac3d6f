import type { ImageInfo } from '../images/inspect.js';
import { optimiseImage, type OptimiseOptions } from '../images/optimise.js';
import { transformImage, type TransformRequest } from '../images/transform.js';
import type { JobQueue } from './queue.js';

/** Every kind of job the app runs, by name. */
export const jobHandlers = {
  image: (input: { data: Buffer; info: ImageInfo; options: OptimiseOptions }) => optimiseImage(input.data, input.info, input.options),
  /** The developer API's resize, convert and background of an existing result. */
  apiTransform: (input: TransformRequest) => transformImage(input),
};

export type AppJobs = typeof jobHandlers;
export type AppQueue = JobQueue<AppJobs>;
