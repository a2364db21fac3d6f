import { targetSize, type ResizeRequest } from '@lightpix/shared';
import { AppError } from '../core/errors.js';

/**
 * What one image job may cost, judged from the header before any pixel is decoded
 * (docs/decisions/0037-resource-limits.md).
 */

/** Pixels in one frame: phones reach 50 MP, twice that leaves room for scans and panoramas. */
export const MAX_FRAME_PIXELS = 100_000_000;
/** Pixels over all frames of an animation, read or written. */
export const MAX_TOTAL_PIXELS = 200_000_000;
/** Exact dimensions may enlarge each side at most this many times. */
export const MAX_ENLARGEMENT = 8;
/**
 * CPU time one job's process may use before it is ended: an image is bounded by what it costs, however
 * busy the machine is (docs/decisions/0158-a-job-limit-counted-in-cpu-time.md).
 */
export const JOB_TIME_LIMIT_MS = 30_000;
/**
 * The wall-clock backstop is this many times a job's CPU limit: a job that waits on nothing is still
 * ended, and one that got 1/24 of a core (load 48 on 2 cores) still has 12 s of CPU in it (0158).
 */
export const JOB_WALL_LIMIT_FACTOR = 10;
/** Wall-clock time one image job may take, whatever its CPU time (0158). */
export const JOB_WALL_LIMIT_MS = JOB_TIME_LIMIT_MS * JOB_WALL_LIMIT_FACTOR;
/** Resident memory a job process may reach before the app kills it (docs/decisions/0149-job-memory-read-from-outside.md). */
export const JOB_MEMORY_BUDGET_BYTES = 1536 * 1024 * 1024;

const MEGA = 1_000_000;

/** Orientations 5–8 swap width and height. */
const SWAPS_SIDES = new Set([5, 6, 7, 8]);

export interface Size {
  width: number;
  height: number;
}

/** The image as it will be seen: EXIF orientation applied. */
export function uprightSize(info: Size & { orientation: number }): Size {
  return SWAPS_SIDES.has(info.orientation) ? { width: info.height, height: info.width } : { width: info.width, height: info.height };
}

/** The pixel limits a too_many_pixels refusal names, in megapixels. */
const pixelLimits = { megapixels: MAX_FRAME_PIXELS / MEGA, animationMegapixels: MAX_TOTAL_PIXELS / MEGA };

export function tooManyPixels(): AppError {
  return new AppError(
    'too_many_pixels',
    `This image has too many pixels to process (the limit is ${MAX_FRAME_PIXELS / MEGA} megapixels, ${MAX_TOTAL_PIXELS / MEGA} for all frames of an animation).`,
  ).withParams({ reason: 'image', ...pixelLimits });
}

export function tooMuchMemory(): AppError {
  return new AppError(
    'too_many_pixels',
    'This image needs more memory to process than one image may use. Try a smaller image or smaller dimensions.',
  ).withParams({
    reason: 'memory',
  });
}

export function tooSlow(): AppError {
  return new AppError('image_too_complex', 'This image took too long to process. Try a smaller image or smaller dimensions.');
}

/**
 * Pixels an AVIF result may hold: libaom keeps ~35 bytes a pixel whatever its effort (a 36 MP encode
 * peaks at 1.3 GB, 100 MP at 3.4 GB), so past this a job would pass its memory budget. Refused before
 * the job with the format named (docs/decisions/0251-the-pixel-limit-per-output-format.md).
 */
export const MAX_AVIF_PIXELS = 32_000_000;
/** Pixels a WebP result with an alpha channel may hold: libwebp keeps ~21 bytes a pixel for one (2.1 GB at 100 MP; a smart search at 50 MP reached 0.89× of a job's memory), ~6 without (0251). */
export const MAX_WEBP_ALPHA_PIXELS = 40_000_000;
/** WebP's own bound: its header holds at most 16,383 pixels a side. */
export const MAX_WEBP_SIDE = 16_383;

/**
 * Above this many pixels 'Smallest format' writes one format at smart mode's look instead of searching
 * among them: the search holds every candidate beside the pixels, and a 50 MP image reached 0.97× of a
 * job's memory, 100 MP its limit (0251).
 */
export const MAX_SEARCH_PIXELS = 32_000_000;

/** What a result will be: its size, and whether it keeps an alpha channel. */
export interface PlannedOutput extends Size {
  alpha: boolean;
}

/** Why `format` cannot be written at this size within a job's budget (413 naming its limit), or null when it can (0251). */
function formatRefusal(output: PlannedOutput, format: string): AppError | null {
  const pixels = output.width * output.height;
  const advice = 'Choose smaller dimensions or another format.';
  const tooMany = (name: string, limit: number, reason: string, shown: string) =>
    new AppError(
      'too_many_pixels',
      `${name} can hold at most ${limit / MEGA} megapixels (this one would be ${(pixels / MEGA).toFixed(1)}). ${advice}`,
    ).withParams({ reason, format: shown, megapixels: limit / MEGA });
  if (format === 'avif' && pixels > MAX_AVIF_PIXELS) return tooMany('An AVIF result', MAX_AVIF_PIXELS, 'format', 'AVIF');
  if (format !== 'webp') return null;
  if (output.width > MAX_WEBP_SIDE || output.height > MAX_WEBP_SIDE) {
    return new AppError(
      'too_many_pixels',
      `A WebP result can be at most ${MAX_WEBP_SIDE} pixels a side (this one would be ${output.width}×${output.height}). ${advice}`,
    ).withParams({ reason: 'side', format: 'WebP', pixels: MAX_WEBP_SIDE });
  }
  if (output.alpha && pixels > MAX_WEBP_ALPHA_PIXELS) {
    return tooMany('A WebP result with transparency', MAX_WEBP_ALPHA_PIXELS, 'format_alpha', 'WebP');
  }
  return null;
}

/** The formats of `formats` that fit; none fitting is refused with the first one's own limit (0251). */
export function formatsThatFit<F extends string>(output: PlannedOutput, formats: readonly F[]): F[] {
  const fitting = formats.filter((format) => formatRefusal(output, format) === null);
  if (fitting.length > 0 || formats.length === 0) return fitting;
  throw formatRefusal(output, formats[0]!)!;
}

/** Refuses an upload whose frames hold more pixels than a job may read. */
export function checkInputPixels(size: Size, frames: number): void {
  const frame = size.width * size.height;
  if (frame > MAX_FRAME_PIXELS || frame * frames > MAX_TOTAL_PIXELS) throw tooManyPixels();
}

/** Refuses a result larger than a job may write, or enlarged past the bound. */
export function checkOutputSize(original: Size, output: Size, frames: number): void {
  if (output.width > original.width * MAX_ENLARGEMENT || output.height > original.height * MAX_ENLARGEMENT) {
    throw new AppError(
      'too_many_pixels',
      `An image can be enlarged at most ${MAX_ENLARGEMENT} times its size (this one to ${original.width * MAX_ENLARGEMENT}×${original.height * MAX_ENLARGEMENT}).`,
      { width: `At most ${original.width * MAX_ENLARGEMENT}.`, height: `At most ${original.height * MAX_ENLARGEMENT}.` },
    ).withParams({
      reason: 'enlargement',
      times: MAX_ENLARGEMENT,
      width: original.width * MAX_ENLARGEMENT,
      height: original.height * MAX_ENLARGEMENT,
    });
  }
  const frame = output.width * output.height;
  if (frame > MAX_FRAME_PIXELS || frame * frames > MAX_TOTAL_PIXELS) {
    throw new AppError(
      'too_many_pixels',
      `The size asked for has too many pixels (the limit is ${MAX_FRAME_PIXELS / MEGA} megapixels, ${MAX_TOTAL_PIXELS / MEGA} for all frames of an animation).`,
    ).withParams({ reason: 'output', ...pixelLimits });
  }
}

/** The result's size for a resize request, checked against the limits. */
export function plannedSize(info: Size & { orientation: number; pages: number }, request: ResizeRequest): Size {
  const upright = uprightSize(info);
  const size = targetSize(upright, request);
  checkOutputSize(upright, size, info.pages);
  return size;
}
