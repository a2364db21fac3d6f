/** Processing-setting rules shared by the settings panel and the server. */

export const QUALITY_MIN = 10;
export const QUALITY_MAX = 100;
export const QUALITY_STEP = 5;
export const DEFAULT_QUALITY = 75;

/** The format choice "Smallest — WebP or AVIF when smaller": per image, the smallest of the plan's formats at smart mode's look. */
export const SMALLEST_FORMAT = 'auto';

/** Largest side a user may ask for; exact dimensions may enlarge, so they need a bound. */
export const MAX_DIMENSION = 10_000;
/** No image file is smaller than a few hundred bytes of headers. */
export const MIN_TARGET_BYTES = 100;

export const resizePresets = [
  { id: 'original', width: null, height: null },
  { id: '1920x1080', width: 1920, height: 1080 },
  { id: '1200x800', width: 1200, height: 800 },
  { id: '800x600', width: 800, height: 600 },
  { id: '400x400', width: 400, height: 400 },
] as const;

/** 'smart' starting quality, by original file size. */
export function smartQuality(fileBytes: number): number {
  const mb = fileBytes / (1024 * 1024);
  if (mb < 0.5) return 88;
  if (mb < 2) return 78;
  if (mb < 5) return 68;
  return 58;
}

/** Parses a width/height field: empty or non-positive means "not set". */
export function parseDimension(text: string | undefined | null): number | null {
  if (text === undefined || text === null || text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || !Number.isInteger(value) || value <= 0) return Number.NaN;
  return value;
}

export interface Size {
  width: number;
  height: number;
}

export interface ResizeRequest {
  width: number | null;
  height: number | null;
  maintainRatio: boolean;
}

/**
 * The output size for an original of `size`: proportional unless both sides are set with
 * maintainRatio off; never larger than the original except for such exact dimensions.
 */
export function targetSize(size: Size, request: ResizeRequest): Size {
  const { width, height, maintainRatio } = request;
  if (width === null && height === null) return size;
  if (width !== null && height !== null && !maintainRatio) return { width, height };
  const scale = Math.min(
    width === null ? Number.POSITIVE_INFINITY : width / size.width,
    height === null ? Number.POSITIVE_INFINITY : height / size.height,
    1,
  );
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** The other dimension follows the current ratio when keep-proportions is on. */
export function followRatio(size: Size, changed: 'width' | 'height', value: number): number {
  if (size.width <= 0 || size.height <= 0) return value;
  return changed === 'width' ? Math.round((value * size.height) / size.width) : Math.round((value * size.width) / size.height);
}

/** Estimate: pixel-area ratio × quality fraction × original size. */
export function estimateBytes(original: Size & { bytes: number }, target: Size, quality: number): number {
  const area = original.width > 0 && original.height > 0 ? (target.width * target.height) / (original.width * original.height) : 1;
  return Math.round(area * (quality / 100) * original.bytes);
}

/** A quality field value: 'smart' or a whole number in the slider's range. */
export function parseQuality(text: string): number | 'smart' | null {
  if (text === 'smart') return 'smart';
  const value = Number(text);
  if (!Number.isInteger(value) || value < QUALITY_MIN || value > QUALITY_MAX) return null;
  return value;
}
