import { SearchDeadline } from './deadline.js';
import { decodePixels, fromPixels } from './loaders.js';
import { encode, type EncodeTuning } from './encode.js';
import { detailSample, lowestPassing, SEARCH_STRIDE, smartTuning, type Bar, type QualityChoice, type Verdict } from './search.js';
import { overWhite, ssim, type RawImage } from './ssim.js';

/**
 * Smart PNG: the smallest palette that looks the same as the original against a fixed bar, falling
 * back to lossless when no palette is close enough; also `auto`'s palette candidate and the test deck
 * pictures use to tell graphics from photos.
 */

/** Palettes must look identical to the eye: below this, banding shows on gradients. */
export const PALETTE_SSIM_TARGET = 0.985;
const PALETTE_RANGE = { low: 30, high: 95 };
/** A quick trial palette (libimagequant effort 1) that misses the bar by more than this rules palettes out: no careful one closes such a gap. */
const ROUGH_PALETTE_EFFORT = 1;
const ROUGH_PALETTE_SLACK = 0.01;

/** A palette search's result: `graphic` is false when the rough trial ruled palettes out (a photo). */
export interface PaletteChoice extends QualityChoice {
  bytes: number | null;
  graphic: boolean;
}

/** Palette PNGs of one sample scored against it (colour SSIM over white), shared by smart PNG, `auto` and deck pictures. */
export function paletteTrial(sample: RawImage, tuning: EncodeTuning) {
  const original = overWhite(sample);
  const similarity = async (quality: number, paletteEffort?: number) => {
    const encoded = await encode(fromPixels(sample), 'png', quality, { ...tuning, paletteEffort }).toBuffer();
    return { encoded, score: ssim(original, overWhite(await decodePixels(encoded)), SEARCH_STRIDE) };
  };
  return {
    /** The palette PNG at `quality`, its colour SSIM, and whether it looks the same as the sample. */
    async score(quality: number) {
      const { encoded, score } = await similarity(quality);
      return { encoded, score, looksSame: score >= PALETTE_SSIM_TARGET };
    },
    /** A photo is far from even the richest palette: a rough one (a fraction of the cost) tells. */
    async ruledOut(): Promise<boolean> {
      return (await similarity(PALETTE_RANGE.high, ROUGH_PALETTE_EFFORT)).score < PALETTE_SSIM_TARGET - ROUGH_PALETTE_SLACK;
    },
  };
}

/** Where a palette search starts from and when it stops. */
export interface PaletteSearch {
  /** detailSample(prepared), when the caller has it already. */
  sample?: RawImage;
  /** A result in hand: a palette that misses the look while already as large ends the search, as every richer one is larger still. */
  bar?: Bar;
  deadline?: SearchDeadline;
}

/**
 * PNG: the smallest palette that looks the same (fixed bar), else lossless (quality 100). Past the
 * deadline, the smallest palette verified so far, else lossless; an image the rough trial could not
 * judge in time counts as a graphic, so `auto` holds it to the palette look.
 */
export async function paletteSettings(prepared: RawImage, seed: number, search: PaletteSearch = {}): Promise<PaletteChoice> {
  const { sample = detailSample(prepared), bar = { bytes: Infinity }, deadline = SearchDeadline.none() } = search;
  const base = smartTuning(prepared);
  // Lossless is the original's pixels: it looks 100 % like it.
  const lossless = { quality: 100, tuning: base, bytes: null, similarity: 1 };
  if (deadline.passed) return { ...lossless, graphic: true };
  const trial = paletteTrial(sample, base);
  if (await trial.ruledOut()) return { ...lossless, graphic: false };
  const probes = new Map<number, { bytes: number; score: number }>();
  // Palettes of busy images cost up to ~1.5 s each: try the richest early.
  const looksSame = async (q: number): Promise<Verdict> => {
    if (deadline.passed) return 'hopeless';
    const { encoded, score, looksSame } = await trial.score(q);
    probes.set(q, { bytes: encoded.length, score });
    return looksSame || (encoded.length >= bar.bytes ? 'hopeless' : false);
  };
  const quality = await lowestPassing(PALETTE_RANGE.low, PALETTE_RANGE.high, seed, looksSame, true);
  const passed = probes.get(quality);
  if (!passed) return { ...lossless, graphic: true };
  return { quality, tuning: base, bytes: passed.bytes, similarity: passed.score, graphic: true };
}
