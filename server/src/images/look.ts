import type { Sharp } from 'sharp';
import { rawPixels, sharp } from './loaders.js';
import { VIEW_SIDE } from './search.js';
import { overWhite, ssim } from './ssim.js';

/**
 * The look a result shows its owner: how similar it is to what it was made from, as SSIM (1 = the same
 * pixels). docs/decisions/0131-the-look-shown.md says which score each kind of result carries.
 */

/** Rounded down to 4 decimals within [0, 1]: a result never claims more likeness than was measured. */
export function shownSimilarity(score: number): number {
  return Math.max(0, Math.min(1, Math.floor(score * 10_000) / 10_000));
}

/**
 * Colour SSIM (over white, R, G and B averaged) of a result against the image it was made from, both
 * reduced to at most VIEW_SIDE px on the long side, the size a page shows: one measurement, for results
 * no search verified (a fixed quality). The original's reduction starts at once, so it runs beside the
 * encode on libvips' threads; `against` then measures the result.
 */
export function pageSizeLook(original: Sharp, size: { width: number; height: number }) {
  const scale = Math.min(1, VIEW_SIDE / Math.max(size.width, size.height));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const view = (pipeline: Sharp) => rawPixels(pipeline.resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).toColourspace('srgb'));
  const before = view(original);
  // Read when measured; a job that fails before then must not leave it unhandled.
  before.catch(() => undefined);
  return {
    async against(result: Buffer): Promise<number> {
      const [a, b] = await Promise.all([before, view(sharp(result))]);
      return ssim(overWhite(a), overWhite(b));
    },
  };
}
