import { fromPixels, sharp } from './loaders.js';
import { encode, type EncodedFormat, type EncodeTuning } from './encode.js';
import { overWhite, ssim, type RawImage } from './ssim.js';

/**
 * Smart lightening: the lowest quality whose result is at least as close to the original (SSIM)
 * as libjpeg-turbo at quality 75 would be — the look people know as "good quality" — searched on a
 * detail sample so a 12 MP photo stays interactive. PNG searches palettes against a fixed bar instead,
 * falling back to lossless when no palette is close enough.
 */

const REFERENCE_QUALITY = 75;
/** Palettes must look identical to the eye: below this, banding shows on gradients. */
const PALETTE_SSIM_TARGET = 0.985;
const SEARCH_RANGE = { low: 30, high: 90 };
const PALETTE_RANGE = { low: 30, high: 95 };
/** Images up to this many pixels are searched whole; larger ones through a mosaic of tiles. */
const SAMPLE_PIXELS = 1_100_000;
const TILE = 512;
/** Windows overlapping by half see JPEG's 8×8 block edges; aligned ones (stride 8) miss them and overshoot the quality. */
const SEARCH_STRIDE = 4;

async function decode(data: Buffer): Promise<RawImage> {
  const { data: pixels, info } = await sharp(data).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data: pixels, width: info.width, height: info.height, channels: info.channels };
}

/** Four tiles from the quadrants' centres, block-aligned so JPEG's 16-px grid matches the full image. */
export function detailSample(image: RawImage): RawImage {
  if (image.width * image.height <= SAMPLE_PIXELS) return image;
  const tileW = Math.min(TILE, Math.floor(image.width / 2 / 16) * 16);
  const tileH = Math.min(TILE, Math.floor(image.height / 2 / 16) * 16);
  const { channels } = image;
  const data = new Uint8Array(tileW * 2 * tileH * 2 * channels);
  for (let ty = 0; ty < 2; ty++) {
    for (let tx = 0; tx < 2; tx++) {
      const left = Math.floor(((tx * 2 + 1) * image.width) / 4 / 16 - tileW / 32) * 16;
      const top = Math.floor(((ty * 2 + 1) * image.height) / 4 / 16 - tileH / 32) * 16;
      const x0 = Math.max(0, Math.min(image.width - tileW, left));
      const y0 = Math.max(0, Math.min(image.height - tileH, top));
      for (let row = 0; row < tileH; row++) {
        const from = ((y0 + row) * image.width + x0) * channels;
        const to = ((ty * tileH + row) * tileW * 2 + tx * tileW) * channels;
        data.set(image.data.subarray(from, from + tileW * channels), to);
      }
    }
  }
  return { data, width: tileW * 2, height: tileH * 2, channels };
}

/** The lowest quality in [low, high] that passes, starting at `seed`; `high` + 1 when none does. */
async function lowestPassing(low: number, high: number, seed: number, passes: (q: number) => Promise<boolean>) {
  let best = high + 1;
  let probe = Math.min(high, Math.max(low, seed));
  while (low <= high) {
    if (await passes(probe)) {
      best = probe;
      high = probe - 1;
    } else {
      low = probe + 1;
    }
    probe = (low + high) >> 1;
  }
  return best;
}

/** Smart mode verifies the look with SSIM, so palettes can skip dithering (smaller, and no noise). */
export function smartTuning(prepared: { width: number; height: number }): EncodeTuning {
  return { paletteDither: 0, pixels: prepared.width * prepared.height };
}

/** Picks the quality for one prepared (oriented, resized) image; `seed` is SPEC §5's size-based guess. */
export async function smartQuality(prepared: RawImage, format: EncodedFormat, seed: number): Promise<number> {
  const sample = detailSample(prepared);
  const original = overWhite(sample);
  const tuning = smartTuning(prepared);
  const similarity = async (q: number) =>
    ssim(original, overWhite(await decode(await encode(fromPixels(sample), format, q, tuning).toBuffer())), SEARCH_STRIDE);

  if (format === 'png') {
    const quality = await lowestPassing(PALETTE_RANGE.low, PALETTE_RANGE.high, seed, async (q) => (await similarity(q)) >= PALETTE_SSIM_TARGET);
    return quality > PALETTE_RANGE.high ? 100 : quality;
  }
  const reference = await fromPixels(original).jpeg({ quality: REFERENCE_QUALITY }).toBuffer();
  const target = ssim(original, await decode(reference), SEARCH_STRIDE);
  const quality = await lowestPassing(SEARCH_RANGE.low, SEARCH_RANGE.high, seed, async (q) => (await similarity(q)) >= target);
  return Math.min(quality, 100);
}
