import type { EncodeTuning } from './encode.js';
import type { RawImage } from './ssim.js';

/**
 * What smart mode's searches share, whatever the format (smart.ts: JPEG, WebP, AVIF; smart-png.ts:
 * palettes): the detail sample they judge on, the bisection over qualities, the tuning and the setting
 * they return.
 */

/** Images up to this many pixels are searched whole; larger ones through a mosaic of tiles. */
const SAMPLE_PIXELS = 1_100_000;
/**
 * A tile from each cell of a 6×6 grid: spread over the picture so sky and texture weigh as they do
 * whole. Four 512-px tiles from the quadrants' centres misjudged the flat table on two corpus photos.
 */
const GRID = 6;
const TILE = 176;
/** People see photos on a page at about this size (long side): the look must hold there as well as at full size. */
export const VIEW_SIDE = 1600;
/** Windows overlapping by half see JPEG's 8×8 block edges; aligned ones (stride 8) miss them and overshoot the quality. */
export const SEARCH_STRIDE = 4;

/** A GRID×GRID mosaic of tiles from the centres of as many cells, block-aligned so JPEG's 16-px grid matches the full image. */
export function detailSample(image: RawImage): RawImage {
  if (image.width * image.height <= SAMPLE_PIXELS) return image;
  const tileW = Math.min(TILE, Math.floor(image.width / GRID / 16) * 16);
  const tileH = Math.min(TILE, Math.floor(image.height / GRID / 16) * 16);
  const { channels } = image;
  const data = new Uint8Array(tileW * GRID * tileH * GRID * channels);
  for (let ty = 0; ty < GRID; ty++) {
    for (let tx = 0; tx < GRID; tx++) {
      const left = Math.floor(((tx * 2 + 1) * image.width) / (2 * GRID) / 16 - tileW / 32) * 16;
      const top = Math.floor(((ty * 2 + 1) * image.height) / (2 * GRID) / 16 - tileH / 32) * 16;
      const x0 = Math.max(0, Math.min(image.width - tileW, left));
      const y0 = Math.max(0, Math.min(image.height - tileH, top));
      for (let row = 0; row < tileH; row++) {
        const from = ((y0 + row) * image.width + x0) * channels;
        const to = ((ty * tileH + row) * tileW * GRID + tx * tileW) * channels;
        data.set(image.data.subarray(from, from + tileW * channels), to);
      }
    }
  }
  return { data, width: tileW * GRID, height: tileH * GRID, channels };
}

/** A probe's verdict; 'hopeless' fails it and ends the search, as every higher quality would fail the caller too. */
export type Verdict = boolean | 'hopeless';

/**
 * The lowest quality in [low, high] that passes, starting at `seed`; `high` + 1 when none does.
 * With `topAfterFailedSeed`, a failing seed is followed by `high`, so a search that cannot succeed ends in two probes.
 */
export async function lowestPassing(
  low: number,
  high: number,
  seed: number,
  passes: (q: number) => Promise<Verdict>,
  topAfterFailedSeed = false,
) {
  let best = high + 1;
  let probe = Math.min(high, Math.max(low, seed));
  let first = true;
  while (low <= high) {
    const verdict = await passes(probe);
    if (verdict === 'hopeless') return best;
    if (verdict) {
      best = probe;
      high = probe - 1;
    } else {
      low = probe + 1;
    }
    probe = first && !verdict && topAfterFailedSeed ? high : (low + high) >> 1;
    first = false;
  }
  return best;
}

/**
 * Smart mode verifies the look with SSIM, so palettes can skip dithering (smaller, and no noise) and
 * AVIF can trade chroma for bytes on its own quality scale (docs/decisions/0111-smart-avif.md).
 */
export function smartTuning(prepared: { width: number; height: number }): EncodeTuning {
  return { paletteDither: 0, smartAvif: true, pixels: prepared.width * prepared.height };
}

/** The encoder setting for one image: a quality and the tuning it was chosen with. */
export interface QualityChoice {
  quality: number;
  tuning: EncodeTuning;
  /**
   * The score the search chose it by, as the result shows it (docs/decisions/0131-the-look-shown.md):
   * our colour SSIM on the search sample at page size (palettes: at full size, their bar's measure),
   * 1 for lossless; absent when nothing verified it (then the result is measured once at page size).
   */
  similarity?: number;
  /**
   * Smart PNG: what replaces `result` (this setting's whole image, packed; `verified` when a search
   * verified the setting), or null to keep it: pngquant's own palette of the whole image, packed, when
   * smaller or when nothing verified the result, the graphics' reference itself at its look by definition;
   * for an image searched on a mosaic, a richer palette or pngquant's when the result falls short of it at
   * the page size (docs/decisions/0288).
   */
  instead?: (result: Buffer, verified: boolean) => Promise<{ data: Buffer; quality: number } | null>;
}

/** The fewest bytes any passing probe has reached so far, shared by searches that run side by side. */
export interface Bar {
  bytes: number;
  /**
   * How many times `bytes` AVIF's search still settles its lowest quality, rather than stopping at its
   * first miss as large: `auto`'s photos, whose AVIF is judged again on the whole photo up to that far
   * behind (finalists.ts, docs/decisions/0302).
   */
  avifWithin?: number;
}
