import { sharpLibrary } from './loaders.js';

/**
 * A job process sees each upload once: libvips' operation cache would only keep the memory of images
 * already sent back (docs/decisions/0096-job-process-memory.md).
 */
export function keepNoFinishedImages(): void {
  sharpLibrary().cache(false);
}
