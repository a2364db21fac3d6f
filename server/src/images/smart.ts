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
/**
 * A tile from each cell of a 6×6 grid: spread over the picture so sky and texture weigh as they do
 * whole. Four 512-px tiles from the quadrants' centres misjudged the flat table on two corpus photos.
 */
const GRID = 6;
const TILE = 176;
/** Windows overlapping by half see JPEG's 8×8 block edges; aligned ones (stride 8) miss them and overshoot the quality. */
const SEARCH_STRIDE = 4;
/**
 * mozjpeg's tables tried per image, the smaller result at the reference look wins: 3 (its default,
 * tuned for PSNR-HVS-M) and 1 (flat), which keeps fine texture and on detailed photos reaches the
 * same SSIM with 2–20 % fewer bytes (docs/decisions/0007).
 */
const JPEG_TABLES = [3, 1];

async function decode(data: Buffer): Promise<RawImage> {
  const { data: pixels, info } = await sharp(data).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data: pixels, width: info.width, height: info.height, channels: info.channels };
}

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
type Verdict = boolean | 'hopeless';

/**
 * The lowest quality in [low, high] that passes, starting at `seed`; `high` + 1 when none does.
 * With `topAfterFailedSeed`, a failing seed is followed by `high`, so a search that cannot succeed ends in two probes.
 */
async function lowestPassing(low: number, high: number, seed: number, passes: (q: number) => Promise<Verdict>, topAfterFailedSeed = false) {
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

/** Smart mode verifies the look with SSIM, so palettes can skip dithering (smaller, and no noise). */
export function smartTuning(prepared: { width: number; height: number }): EncodeTuning {
  return { paletteDither: 0, pixels: prepared.width * prepared.height };
}

/** The encoder setting for one image: a quality and the tuning it was chosen with. */
export interface QualityChoice {
  quality: number;
  tuning: EncodeTuning;
}

/** Picks the quality (and for JPEG the table) for one prepared (oriented, resized) image; `seed` is SPEC §5's size-based guess. */
export async function smartSettings(prepared: RawImage, format: EncodedFormat, seed: number): Promise<QualityChoice> {
  const sample = detailSample(prepared);
  const original = overWhite(sample);
  const base = smartTuning(prepared);
  const trial = async (q: number, tuning: EncodeTuning) => {
    const encoded = await encode(fromPixels(sample), format, q, tuning).toBuffer();
    return { bytes: encoded.length, similarity: ssim(original, overWhite(await decode(encoded)), SEARCH_STRIDE) };
  };

  if (format === 'png') {
    // Photos fail even the richest palette, and palettes of busy images cost up to ~1.5 s each: try the richest early.
    const looksSame = async (q: number) => (await trial(q, base)).similarity >= PALETTE_SSIM_TARGET;
    const quality = await lowestPassing(PALETTE_RANGE.low, PALETTE_RANGE.high, seed, looksSame, true);
    return { quality: quality > PALETTE_RANGE.high ? 100 : quality, tuning: base };
  }
  const reference = await fromPixels(original).jpeg({ quality: REFERENCE_QUALITY }).toBuffer();
  const target = ssim(original, await decode(reference), SEARCH_STRIDE);
  const tables = format === 'jpeg' ? JPEG_TABLES : [undefined];
  let chosen: (QualityChoice & { bytes: number }) | null = null;
  for (const jpegTable of tables) {
    const tuning = jpegTable === undefined ? base : { ...base, jpegTable };
    const bytes = new Map<number, number>();
    const quality = await lowestPassing(SEARCH_RANGE.low, SEARCH_RANGE.high, seed, async (q) => {
      const result = await trial(q, tuning);
      bytes.set(q, result.bytes);
      if (result.similarity >= target) return true;
      // Failing while already larger than the other table's pick: any passing quality above is larger still.
      return chosen && result.bytes >= chosen.bytes ? 'hopeless' : false;
    });
    const size = bytes.get(quality);
    if (size !== undefined && (!chosen || size < chosen.bytes)) chosen = { quality, tuning, bytes: size };
  }
  // No setting in range matches the reference (already heavily compressed input): the top of the range.
  return chosen ? { quality: chosen.quality, tuning: chosen.tuning } : { quality: SEARCH_RANGE.high + 1, tuning: base };
}
