import type { Sharp } from 'sharp';
import { fromPixels, rawPixels, sharp } from './loaders.js';
import { VIEW_SIDE } from './search.js';
import { hasTransparency, luma, overBlack, overWhite, ssim, type RawImage, type SsimStride } from './ssim.js';

/**
 * The look a result shows its owner: how similar it is to what it was made from, as SSIM (1 = the same
 * pixels). docs/decisions/0131-the-look-shown.md says which score each kind of result carries.
 */

/** Rounded down to 4 decimals within [0, 1]: a result never claims more likeness than was measured. */
export function shownSimilarity(score: number): number {
  return Math.max(0, Math.min(1, Math.floor(score * 10_000) / 10_000));
}

/**
 * Colour SSIM (R, G and B averaged) of a result against the image it was made from, both reduced to at
 * most VIEW_SIDE px on the long side, the size a page shows: one measurement, for results no search
 * verified (a fixed quality). A transparent original is judged over white and, with `overBlack`, over
 * black too, the lower kept: a result that lost its alpha cannot pass on the colours white hides
 * (docs/decisions/0231-every-channel-kept.md). The original's reduction starts at once, so it runs
 * beside the encode on libvips' threads; `against` then measures the result.
 */
export function pageSizeLook(original: Sharp, size: { width: number; height: number }, { overBlack: black = true } = {}) {
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
      const white = ssim(overWhite(a), overWhite(b));
      return black && hasTransparency(a) ? Math.min(white, ssim(overBlack(a), overBlack(b))) : white;
    },
  };
}

/** How the searches judge a result against the sample they searched on (smart.ts, smart-png.ts). */
export interface LookScores {
  /** How many scores `scores` yields for a result that passes each. */
  count: number;
  /**
   * The look a result shows, from its scores in `scores`' order: the colour SSIM at the view size (at
   * full size when the view is the full size), over white, or the lower of over white and over black for
   * a transparent original (docs/decisions/0231-every-channel-kept.md).
   */
  shown(scores: readonly number[]): number;
  /**
   * Our scores of a decoded result, in one order: per background (white, then black when the original
   * has transparency) colour SSIM (R, G, B averaged) and luma SSIM at full size, then the same at the
   * view size when that is smaller. The view-size ones are computed only when asked for.
   */
  scores(decoded: RawImage): AsyncGenerator<number>;
}

/**
 * The scorer for one sample of a prepared image whose long side is `longSide`: a transparent original
 * is judged over white and over black, so a result cannot keep its colours and lose its alpha edges
 * (docs/decisions/0132-graphics-keep-pngquants-look.md).
 */
export async function lookScores(sample: RawImage, longSide: number, stride: SsimStride): Promise<LookScores> {
  const backgrounds = hasTransparency(sample) ? [overWhite, overBlack] : [overWhite];
  const scale = Math.min(1, VIEW_SIDE / longSide);
  const fulls = backgrounds.map((composite) => composite(sample));
  const views = await Promise.all(fulls.map((full) => reduced(full, scale)));
  const originals = fulls.map((full, i) => ({ full, fullLuma: luma(full), view: views[i]!, viewLuma: luma(views[i]!) }));
  return {
    count: backgrounds.length * (scale < 1 ? 4 : 2),
    shown: (found) => Math.min(...backgrounds.map((_, i) => found[(scale < 1 ? backgrounds.length * 2 : 0) + 2 * i]!)),
    async *scores(decoded) {
      const composites = backgrounds.map((composite) => composite(decoded));
      for (const [i, original] of originals.entries()) {
        yield ssim(original.full, composites[i]!, stride);
        yield ssim(original.fullLuma, luma(composites[i]!), stride);
      }
      if (scale >= 1) return;
      for (const [i, original] of originals.entries()) {
        const view = await reduced(composites[i]!, scale);
        yield ssim(original.view, view, stride);
        yield ssim(original.viewLuma, luma(view), stride);
      }
    },
  };
}

/**
 * The view-size scores alone (per background, white then black for a transparent original: colour SSIM,
 * then luma) of whole images against `original`: a check at the page size on a result a search chose on a
 * mosaic sample, whose own view is not the whole image's (docs/decisions/0288).
 */
export async function viewScores(original: RawImage, stride: SsimStride) {
  const backgrounds = hasTransparency(original) ? [overWhite, overBlack] : [overWhite];
  const scale = Math.min(1, VIEW_SIDE / Math.max(original.width, original.height));
  const views = await Promise.all(backgrounds.map((composite) => reduced(composite(original), scale)));
  const lumas = views.map(luma);
  return async (decoded: RawImage): Promise<number[]> => {
    const found: number[] = [];
    for (const [i, composite] of backgrounds.entries()) {
      const view = await reduced(composite(decoded), scale);
      found.push(ssim(views[i]!, view, stride), ssim(lumas[i]!, luma(view), stride));
    }
    return found;
  };
}

/** The same pixels reduced by `scale` (≤ 1), as the view size shows them. */
async function reduced(image: RawImage, scale: number): Promise<RawImage> {
  if (scale >= 1) return image;
  const width = Math.max(8, Math.round(image.width * scale));
  const height = Math.max(8, Math.round(image.height * scale));
  return rawPixels(fromPixels(image).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }));
}
