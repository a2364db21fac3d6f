import { SearchDeadline } from './deadline.js';
import { decodePixels, fromPixels, rawPixels } from './loaders.js';
import { encode, type EncodedFormat, type EncodeTuning } from './encode.js';
import { luma, overWhite, ssim, type RawImage } from './ssim.js';

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
/** A quick trial palette (libimagequant effort 1) that misses the bar by more than this rules palettes out: no careful one closes such a gap. */
const ROUGH_PALETTE_EFFORT = 1;
const ROUGH_PALETTE_SLACK = 0.01;
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
/**
 * The lead over the reference a result needs on each of the four scores. The scores come from a sample
 * and our own SSIM; on a 16 MP photo that left a result 0.0001 below the reference by an independent
 * SSIM of the whole image. A lead of 0.0002 closes that (docs/decisions/0101-a-small-lead-over-the-reference.md).
 */
export const SEARCH_MARGIN = 0.0002;
/** Windows overlapping by half see JPEG's 8×8 block edges; aligned ones (stride 8) miss them and overshoot the quality. */
const SEARCH_STRIDE = 4;
/**
 * mozjpeg's tables tried per image, the smaller result at the reference look wins: 3 (its default,
 * tuned for PSNR-HVS-M) and 1 (flat), which keeps fine texture and on detailed photos reaches the
 * same SSIM with 2–20 % fewer bytes (docs/decisions/0007).
 */
const JPEG_TABLES = [3, 1];
/** Smart AVIF's range, on AVIF's own scale: camera photos reach libjpeg-turbo q75's full-size look at 75–90 there (docs/decisions/0111-smart-avif.md). */
const AVIF_RANGE = { low: 20, high: 92 };

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
}

/** The same pixels reduced by `scale` (≤ 1), as the view size shows them. */
async function reduced(image: RawImage, scale: number): Promise<RawImage> {
  if (scale >= 1) return image;
  const width = Math.max(8, Math.round(image.width * scale));
  const height = Math.max(8, Math.round(image.height * scale));
  return rawPixels(fromPixels(image).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }));
}

/** How a probe is judged: the detail sample and the reference look (libjpeg-turbo q75's) at full size and at the view size. */
export interface LookJudge {
  sample: RawImage;
  /**
   * Whether a result is at least as close to the original as the reference, in colour SSIM (R, G, B
   * averaged) and in luma SSIM (averaging colours can hide lost brightness detail behind well-kept
   * chroma), at full size and at the view size, each by the search margin. Stops at the first score
   * short. A pass gives its colour SSIM at the view size (the look the result shows), a miss null.
   */
  looksAsGood(encoded: Buffer): Promise<number | null>;
  /** The reference's own bytes on the sample; null when it falls short itself (a graphic it blurs below the palette bar). */
  referenceBytes: number | null;
  /** The reference's colour SSIM at the view size on the sample. */
  referenceSimilarity: number;
  /** When the searches judged by this judge stop probing (docs/decisions/0130-a-search-that-runs-out-of-time.md). */
  deadline: SearchDeadline;
}

/**
 * Prepares the sample (detailSample(prepared), unless the caller has it) and the reference look for one
 * prepared (oriented, resized) image. A `graphic` (smallest.ts tells) must also reach the palette bar in
 * colour at full size: it must not look worse than smart PNG's palette would
 * (docs/decisions/0105-graphics-keep-the-palette-look.md).
 */
export async function lookJudge(
  prepared: RawImage,
  { graphic = false, sample = detailSample(prepared), deadline = SearchDeadline.none() } = {},
): Promise<LookJudge> {
  const original = overWhite(sample);
  const scale = Math.min(1, VIEW_SIDE / Math.max(prepared.width, prepared.height));
  const originalView = await reduced(original, scale);
  const originals = { full: original, fullLuma: luma(original), view: originalView, viewLuma: luma(originalView) };
  // The four scores in the order they are checked; the view-size ones only when the full-size ones pass.
  async function* scores(encoded: Buffer) {
    const decoded = overWhite(await decodePixels(encoded));
    yield ssim(originals.full, decoded, SEARCH_STRIDE);
    yield ssim(originals.fullLuma, luma(decoded), SEARCH_STRIDE);
    if (scale >= 1) return;
    const decodedView = await reduced(decoded, scale);
    yield ssim(originals.view, decodedView, SEARCH_STRIDE);
    yield ssim(originals.viewLuma, luma(decodedView), SEARCH_STRIDE);
  }
  const referenceJpeg = await encode(fromPixels(original), 'jpeg', REFERENCE_QUALITY, { jpegTurbo: true }).toBuffer();
  const reference: number[] = [];
  for await (const score of scores(referenceJpeg)) reference.push(score);
  // Colour at the view size: the third score, or the first when the sample is shown at full size.
  const shown = (four: number[]) => four[scale < 1 ? 2 : 0]!;
  const referenceSimilarity = shown(reference);
  // The first score is colour at full size, the palette bar's own measure.
  const referencePasses = !graphic || reference[0]! >= PALETTE_SSIM_TARGET;
  if (graphic) reference[0] = Math.max(reference[0]!, PALETTE_SSIM_TARGET);
  const looksAsGood = async (encoded: Buffer) => {
    const found: number[] = [];
    for await (const score of scores(encoded)) {
      if (score - reference[found.length]! < SEARCH_MARGIN) return null;
      found.push(score);
    }
    return shown(found);
  };
  return { sample, looksAsGood, referenceBytes: referencePasses ? referenceJpeg.length : null, referenceSimilarity, deadline };
}

/** A setting that reached the look, with its bytes on the sample. */
export type Found = QualityChoice & { bytes: number };

/** The fewest bytes any passing probe has reached so far, shared by searches that run side by side. */
export interface Bar {
  bytes: number;
}

/** The lowest quality of one format and tuning that reaches the reference look, with its bytes on the sample. */
async function searchOne(judge: LookJudge, format: EncodedFormat, seed: number, tuning: EncodeTuning, bar: Bar): Promise<Found | null> {
  const probes = new Map<number, { bytes: number; similarity: number | null }>();
  // Neighbouring qualities often give the very same file (mozjpeg's flat table moves in steps): its verdict is reused.
  const verdicts = new Map<number, { encoded: Buffer; similarity: number | null }[]>();
  const judged = async (encoded: Buffer) => {
    const seen = verdicts.get(encoded.length) ?? [];
    const same = seen.find((one) => one.encoded.equals(encoded));
    if (same) return same.similarity;
    const similarity = await judge.looksAsGood(encoded);
    verdicts.set(encoded.length, [...seen, { encoded, similarity }]);
    return similarity;
  };
  const probe = async (q: number): Promise<Verdict> => {
    // Out of time: the lowest quality verified so far stands.
    if (judge.deadline.passed) return 'hopeless';
    const encoded = await encode(fromPixels(judge.sample), format, q, tuning).toBuffer();
    const similarity = await judged(encoded);
    probes.set(q, { bytes: encoded.length, similarity });
    if (similarity !== null) {
      bar.bytes = Math.min(bar.bytes, encoded.length);
      return true;
    }
    // Failing while already as large as a result in hand: any passing quality above is larger still.
    return encoded.length >= bar.bytes ? 'hopeless' : false;
  };
  const range = format === 'avif' ? AVIF_RANGE : SEARCH_RANGE;
  // WebP and AVIF often cannot reach JPEG's look on photos at any quality: the top of the range tells in one probe.
  const lossyTop = format === 'jpeg' ? range.high : range.high - 1;
  if (lossyTop < range.high && (await probe(range.high)) !== true) return null;
  const quality = await lowestPassing(range.low, lossyTop, seed, probe);
  const passed = probes.get(quality);
  return passed?.similarity == null ? null : { quality, tuning, bytes: passed.bytes, similarity: passed.similarity };
}

/**
 * The smallest setting of one lossy format that reaches the reference look at both scales, with its
 * bytes on the sample. JPEG's two tables are searched side by side (libuv's pool encodes one while the
 * other is scored); `bar` carries the bytes to beat between searches.
 */
export async function lossySettings(judge: LookJudge, format: EncodedFormat, seed: number, base: EncodeTuning, bar: Bar = { bytes: Infinity }): Promise<Found | null> {
  const { referenceBytes } = judge;
  // A JPEG as large as the reference's loses to the reference itself (below): no need to search past it.
  if (format === 'jpeg' && referenceBytes !== null) bar.bytes = Math.min(bar.bytes, referenceBytes);
  const tunings = format === 'jpeg' ? JPEG_TABLES.map((jpegTable) => ({ ...base, jpegTable })) : [base];
  const found = await Promise.all(tunings.map((tuning) => searchOne(judge, format, seed, tuning, bar)));
  // Ties go to the first tuning listed, as when the searches ran one after the other.
  const chosen = found.reduce<Found | null>((best, one) => (one && (!best || one.bytes < best.bytes) ? one : best), null);
  // mozjpeg cannot always beat libjpeg-turbo at its own look: then the reference itself is the smallest JPEG that never looks worse.
  if (format === 'jpeg' && referenceBytes !== null && (!chosen || chosen.bytes >= referenceBytes)) {
    return { ...referenceSetting(base), bytes: referenceBytes, similarity: judge.referenceSimilarity };
  }
  return chosen;
}

/** libjpeg-turbo q75 with optimised coding: the reference look itself, so always at it, whatever the search found. */
export function referenceSetting(base: EncodeTuning): QualityChoice {
  return { quality: REFERENCE_QUALITY, tuning: { ...base, jpegTurbo: true } };
}

/**
 * Picks the quality (and for JPEG the table) for one prepared (oriented, resized) image; `seed` is the
 * starting quality guessed from the file size (smartQuality in shared). Past the deadline it stops with
 * the best setting verified so far (docs/decisions/0130-a-search-that-runs-out-of-time.md).
 */
export async function smartSettings(prepared: RawImage, format: EncodedFormat, seed: number, deadline = SearchDeadline.none()): Promise<QualityChoice> {
  const base = smartTuning(prepared);
  if (format === 'png') return paletteSettings(prepared, seed, { deadline });
  // Out of time before the first probe: JPEG's reference itself, else what a search that found nothing gives.
  const chosen = deadline.passed ? null : await lossySettings(await lookJudge(prepared, { deadline }), format, seed, base);
  if (chosen) return { quality: chosen.quality, tuning: chosen.tuning, similarity: chosen.similarity };
  if (format === 'jpeg') return referenceSetting(base);
  // No setting in range matches the reference (already heavily compressed input): the top of the range.
  return { quality: format === 'avif' ? AVIF_RANGE.high : SEARCH_RANGE.high + 1, tuning: base };
}

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
