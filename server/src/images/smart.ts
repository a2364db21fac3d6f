import { SearchDeadline } from './deadline.js';
import { decodePixels, fromPixels } from './loaders.js';
import { avifQualities, avifQuantizer, encode, type EncodedFormat, type EncodeTuning } from './encode.js';
import { lookScores } from './look.js';
import { detailSample, lowestPassing, SEARCH_STRIDE, smartTuning, type Bar, type QualityChoice, type Verdict } from './search.js';
import { paletteSettings } from './smart-png.js';
import { overWhite, type RawImage } from './ssim.js';

/**
 * Smart lightening: the lowest quality whose result is at least as close to the original (SSIM)
 * as libjpeg-turbo at quality 75 would be — the look people know as "good quality" — searched on a
 * detail sample so a 12 MP photo stays interactive. PNG searches palettes against a fixed bar instead
 * (smart-png.ts).
 */

const REFERENCE_QUALITY = 75;
const SEARCH_RANGE = { low: 30, high: 90 };
/**
 * The lead over the reference a result needs on each of the four scores. The scores come from a sample
 * and our own SSIM; on a 16 MP photo that left a result 0.0001 below the reference by an independent
 * SSIM of the whole image. A lead of 0.0002 closes that (docs/decisions/0101-a-small-lead-over-the-reference.md).
 */
export const SEARCH_MARGIN = 0.0002;
/**
 * mozjpeg's tables tried per image, the smaller result at the reference look wins: 0 (JPEG's own
 * Annex K table, the reference's, with trellis) and 1 (flat), which keeps fine texture. Table 0 reached
 * the look in fewer bytes than mozjpeg's default (3) on every tuning photo where either passed
 * (docs/decisions/0007, docs/decisions/0134-smart-jpeg-closer-to-mozjpeg.md).
 */
const JPEG_TABLES = [0, 1];
/** Smart AVIF's range, on AVIF's own scale: camera photos reach libjpeg-turbo q75's full-size look at 75–90 there (docs/decisions/0111-smart-avif.md). */
export const AVIF_RANGE = { low: 20, high: 92 };
/**
 * AVIF's sample bytes at most this many times the winner's for `auto` to judge it again on the whole photo
 * (finalists.ts): further behind, the whole photo does not turn it round. AVIF's search on a photo's
 * sample therefore settles its lowest quality up to this far behind the bar (Bar's avifWithin, decision 0302).
 */
export const AVIF_WITHIN = 1.5;

/** How a probe is judged: the detail sample and the reference look (libjpeg-turbo q75's) at full size and at the view size. */
export interface LookJudge {
  sample: RawImage;
  /**
   * Whether a result is at least as close to the original as the reference, in colour SSIM (R, G, B
   * averaged) and in luma SSIM (averaging colours can hide lost brightness detail behind well-kept
   * chroma), at full size and at the view size, each by the search margin; a transparent original
   * over white and over black (look.ts). Stops at the first score short. A pass gives its colour SSIM
   * over white at the view size (the look the result shows), a miss null.
   */
  looksAsGood(encoded: Buffer): Promise<number | null>;
  /** The reference's own bytes on the sample; null when it falls short itself (a graphic it blurs below the palette look). */
  referenceBytes: number | null;
  /** The reference's colour SSIM at the view size on the sample. */
  referenceSimilarity: number;
  /** When the searches judged by this judge stop probing (docs/decisions/0130-a-search-that-runs-out-of-time.md). */
  deadline: SearchDeadline;
}

/**
 * Prepares the sample (detailSample(prepared), unless the caller has it) and the reference look for one
 * prepared (oriented, resized) image. A graphic (smallest.ts tells) must also reach `paletteLook`, the
 * scores of pngquant's look that smart PNG's search found (smart-png.ts), on each score: it must not
 * look worse than smart PNG would (docs/decisions/0105, docs/decisions/0132).
 */
export async function lookJudge(
  prepared: RawImage,
  {
    paletteLook,
    sample = detailSample(prepared),
    deadline = SearchDeadline.none(),
  }: { paletteLook?: readonly number[]; sample?: RawImage; deadline?: SearchDeadline } = {},
): Promise<LookJudge> {
  const look = await lookScores(sample, Math.max(prepared.width, prepared.height), SEARCH_STRIDE);
  const scores = async function* (encoded: Buffer) {
    yield* look.scores(await decodePixels(encoded));
  };
  const referenceJpeg = await encode(fromPixels(overWhite(sample)), 'jpeg', REFERENCE_QUALITY, { jpegTurbo: true }).toBuffer();
  const reference: number[] = [];
  for await (const score of scores(referenceJpeg)) reference.push(score);
  const referenceSimilarity = look.shown(reference);
  const referencePasses = !paletteLook || reference.every((score, i) => score - paletteLook[i]! >= SEARCH_MARGIN);
  if (paletteLook) reference.forEach((score, i) => (reference[i] = Math.max(score, paletteLook[i]!)));
  const looksAsGood = async (encoded: Buffer) => {
    const found: number[] = [];
    for await (const score of scores(encoded)) {
      if (score - reference[found.length]! < SEARCH_MARGIN) return null;
      found.push(score);
    }
    return look.shown(found);
  };
  return { sample, looksAsGood, referenceBytes: referencePasses ? referenceJpeg.length : null, referenceSimilarity, deadline };
}

/** A setting that reached the look, with its bytes on the sample. */
export type Found = QualityChoice & { bytes: number };

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
    // Failing while already as large as a result in hand (AVIF: as far behind as the bar allows it): any passing quality above is larger still.
    return encoded.length >= bar.bytes * (format === 'avif' ? (bar.avifWithin ?? 1) : 1) ? 'hopeless' : false;
  };
  // Table 0 below the reference's quality is the reference's own table, coarser, with trellis: it cannot keep its look (decision 0134).
  const range = format === 'avif' ? AVIF_RANGE : tuning.jpegTable === 0 ? { ...SEARCH_RANGE, low: REFERENCE_QUALITY } : SEARCH_RANGE;
  const quality = format === 'avif' ? await lowestAvif(seed, probe) : await lowestOther(format, range, seed, probe);
  const passed = probes.get(quality);
  return passed?.similarity == null ? null : { quality, tuning, bytes: passed.bytes, similarity: passed.similarity };
}

/**
 * JPEG and WebP: the lowest quality in `range` that passes. WebP often cannot reach JPEG's look on photos
 * at any quality: the top of the range tells in one probe.
 */
async function lowestOther(
  format: EncodedFormat,
  range: { low: number; high: number },
  seed: number,
  probe: (q: number) => Promise<Verdict>,
) {
  if (format === 'jpeg') return lowestPassing(range.low, range.high, seed, probe);
  if ((await probe(range.high)) !== true) return range.high + 1;
  return lowestPassing(range.low, range.high - 1, seed, probe);
}

/**
 * AVIF: the lowest quality in AVIF_RANGE that passes, searched over the qualities that write different
 * files (one per libaom quantizer, avifQualities), so no file is encoded twice; the seed first and the top
 * of the range only after a failing seed, as AVIF reaches the look on most photos and its top is its
 * largest encode (docs/decisions/0302-avif-steps-that-fit-the-deadline.md).
 */
async function lowestAvif(seed: number, probe: (q: number) => Promise<Verdict>): Promise<number> {
  const qualities = avifQualities(AVIF_RANGE.low, AVIF_RANGE.high);
  const clamped = Math.min(AVIF_RANGE.high, Math.max(AVIF_RANGE.low, seed));
  const start = qualities.findIndex((q) => avifQuantizer(q) === avifQuantizer(clamped));
  const found = await lowestPassing(0, qualities.length - 1, start, (i) => probe(qualities[i]!), true);
  return qualities[found] ?? AVIF_RANGE.high + 1;
}

/**
 * The smallest setting of one lossy format that reaches the reference look at both scales, with its
 * bytes on the sample. JPEG's two tables are searched side by side (libuv's pool encodes one while the
 * other is scored); `bar` carries the bytes to beat between searches.
 */
export async function lossySettings(
  judge: LookJudge,
  format: EncodedFormat,
  seed: number,
  base: EncodeTuning,
  bar: Bar = { bytes: Infinity },
): Promise<Found | null> {
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

/** libjpeg-turbo q75 with optimised coding and scans: the reference look itself (the very same pixels), so always at it, whatever the search found. */
export function referenceSetting(base: EncodeTuning): QualityChoice {
  return { quality: REFERENCE_QUALITY, tuning: { ...base, jpegTurbo: true } };
}

/**
 * Picks the quality (and for JPEG the table) for one prepared (oriented, resized) image; `seed` is the
 * starting quality guessed from the file size (smartQuality in shared). Past the deadline it stops with
 * the best setting verified so far (docs/decisions/0130-a-search-that-runs-out-of-time.md).
 */
export async function smartSettings(
  prepared: RawImage,
  format: EncodedFormat,
  seed: number,
  deadline = SearchDeadline.none(),
): Promise<QualityChoice> {
  const base = smartTuning(prepared);
  if (format === 'png') return paletteSettings(prepared, seed, { deadline, png: true });
  // Out of time before the first probe: JPEG's reference itself, else what a search that found nothing gives.
  const chosen = deadline.passed ? null : await lossySettings(await lookJudge(prepared, { deadline }), format, seed, base);
  if (chosen) return { quality: chosen.quality, tuning: chosen.tuning, similarity: chosen.similarity };
  if (format === 'jpeg') return referenceSetting(base);
  // No setting in range matches the reference (already heavily compressed input): the top of the range.
  return { quality: format === 'avif' ? AVIF_RANGE.high : SEARCH_RANGE.high + 1, tuning: base };
}
