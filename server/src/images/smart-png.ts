import { SearchDeadline } from './deadline.js';
import { decodePixels, fromPixels } from './loaders.js';
import { encode, type EncodeTuning } from './encode.js';
import { lookScores, viewScores, type LookScores } from './look.js';
import { isPalettePng, packPng } from './png-pack.js';
import { pngquantPalette } from './pngquant.js';
import { detailSample, lowestPassing, SEARCH_STRIDE, smartTuning, type Bar, type QualityChoice, type Verdict } from './search.js';
import { hasTransparency, overWhite, ssim, type RawImage } from './ssim.js';

/**
 * Smart PNG: the smallest palette that looks at least as good as pngquant+optipng's, falling back to
 * richer dithered palettes and then lossless; also `auto`'s palette candidate and the test deck
 * pictures use to tell graphics from photos.
 */

/** Palettes must look identical to the eye: below this, banding shows on gradients. */
export const PALETTE_SSIM_TARGET = 0.985;
const PALETTE_RANGE = { low: 30, high: 95 };
/** A quick trial palette (libimagequant effort 1) that misses the bar by more than this rules palettes out: no careful one closes such a gap. */
const ROUGH_PALETTE_EFFORT = 1;
const ROUGH_PALETTE_SLACK = 0.01;

/** A palette search's result: `graphic` is false when the rough trial ruled palettes out of an opaque image (a photo). */
export interface PaletteChoice extends QualityChoice {
  bytes: number | null;
  graphic: boolean;
  /** The scores pngquant's look reached on the sample (look.ts's order), when the search measured it: a graphic's lossy candidates must reach them too. */
  look?: number[];
  /** pngquant's own palette of the whole image, when the search measured its look from it: `auto`'s candidate too (docs/decisions/0300). */
  pngquant?: ReferencePalette;
}

/** pngquant's palette of the whole image as pngquant wrote it, its pixels cut as the sample is, and its look there. */
export interface ReferencePalette {
  palette: Buffer;
  /** Its pixels, cut into the search's mosaic as the sample is (the whole image when that is searched whole). */
  sampled: RawImage;
  /** Its colour SSIM over white at the view size on the sample (look.ts's `shown`), as a palette's similarity is given. */
  similarity: number;
  /** Whether it also reaches the palette bar (PALETTE_SSIM_TARGET in colour), as the search's own palettes must. */
  atPaletteBar: boolean;
  /** Whether a palette PNG of the whole image scores at least pngquant's at the page size on every score (ties allowed). */
  holdsAtPageSize(candidate: Buffer): Promise<boolean>;
  /** Its scores on the sample (look.ts's order), without the palette bar: pngquant's look itself. */
  look: readonly number[];
  /** Its scores on the whole image (look.ts's order), measured once when asked for: the look a photo judged whole keeps (decision 0311). */
  wholeLook(): Promise<readonly number[]>;
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
    /**
     * Whether no palette can come under `bytes`: ours at pngquant's lowest quality (PNGQUANT_FLOOR) misses the palette
     * bar, so every palette of ours that reaches it is richer, and is already as large even packed (PACKED_SHARE_AT_LEAST);
     * pngquant's own, dithered at 65 or more, is larger still (docs/decisions/0302).
     */
    async cannotBeat(bytes: number): Promise<boolean> {
      const { encoded, score } = await similarity(PNGQUANT_FLOOR);
      return score < PALETTE_SSIM_TARGET && encoded.length * PACKED_SHARE_AT_LEAST >= bytes;
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
  /**
   * Smart PNG itself, where the result must be a PNG: a photo-like graphic the rough trial rules palettes
   * out of still gets pngquant's own method with more colours before lossless (docs/decisions/0266).
   */
  png?: boolean;
  /** pngquant's palette of the same image and sample, when the caller has measured it already: pngquant runs once per job (decision 0300). */
  reference?: Reference;
}

/**
 * pngquant+optipng's look (`pngquant --quality=65-80`): libimagequant aiming at quality 80, fully dithered
 * (docs/decisions/0132); a result that is pngquant's own palette says 80 (smart PNG's and `auto`'s).
 */
export const PNGQUANT_QUALITY = 80;
/** pngquant's lowest quality (`--quality=65-80`): it makes no palette poorer than this. */
const PNGQUANT_FLOOR = 65;
const PNGQUANT_DITHER = 1;
/**
 * What pngquant 2.17's own palette may reach above our libimagequant at the same setting, as a share of
 * our palette's distance to 1 on each score: 0.21 at most on the tuned graphics (the calligra dialog
 * screenshot; the others scored below ours), so a graphic our palette keeps near 1 needs little more
 * (bench/pngquant-lead.ts, docs/decisions/0157).
 */
const PNGQUANT_LEAD = 0.22;
/**
 * The lead over pngquant's look a palette needs on each score: smart mode's over its reference (decision
 * 0101), but never more than 2 % of the distance left to 1, which 0.0002 is at the scores 0101 chose it by;
 * near 1 the whole distance is smaller than 0.0002 (docs/decisions/0157).
 */
const PALETTE_MARGIN = 0.0002;
const PALETTE_MARGIN_SHARE = 0.02;
/** When no undithered palette reaches the look: dithered palettes with more colours than pngquant's, richest last (docs/decisions/0132). */
const DITHERED_QUALITIES = [93, 99];

/**
 * The scores a palette must reach on `sample` (look.ts's order): pngquant's look, and on colour over
 * white at full size at least the palette bar, below which banding shows on gradients; `pngquant` is
 * the look alone, without that bar.
 */
async function pngquantLook(sample: RawImage, base: EncodeTuning, reference: Reference) {
  const scorer = await reference.scorer();
  // pngquant itself when it runs here: its palette of the whole image, cut as the sample is, so its look with no lead to
  // guess (decision 0288; `auto` too since decision 0300); else our stand-in plus the lead.
  const own = await reference.measured();
  const stand = async () =>
    decodePixels(await encode(fromPixels(sample), 'png', PNGQUANT_QUALITY, { ...base, paletteDither: PNGQUANT_DITHER }).toBuffer());
  const pngquant: number[] = [];
  if (own) pngquant.push(...own.look);
  else for await (const score of scorer.scores(await stand())) pngquant.push(score + PNGQUANT_LEAD * (1 - score));
  const look = [Math.max(pngquant[0]!, PALETTE_SSIM_TARGET), ...pngquant.slice(1)];
  // Below 1 wherever pngquant's look is: a palette with the very same pixels always reaches it (decision 0157).
  const bar = look.map((score) => score + Math.min(PALETTE_MARGIN, PALETTE_MARGIN_SHARE * (1 - score)));
  /** The palette's colour SSIM over white at the view size when it reaches the look on every score, else null. */
  const reaches = async (candidate: Buffer) => {
    const found: number[] = [];
    for await (const score of scorer.scores(await decodePixels(candidate))) {
      if (score < bar[found.length]!) return null;
      found.push(score);
    }
    return scorer.shown(found);
  };
  return { pngquant, look, reaches, real: own };
}

/**
 * oxipng takes 0–15 % off pngquant's own file (decision 0265): one that would need more than this share
 * taken off to beat the result in hand is not packed, as it cannot win (its oxipng run costs up to seconds).
 */
export const PACKED_SHARE_AT_LEAST = 0.7;

/**
 * pngquant's palette of the whole image, made once per job: it sets the search's bar and is a candidate for
 * the result (decision 0288); `auto` also holds an upload that arrived lossless to its look (decision 0311).
 */
export interface Reference {
  /** As pngquant wrote it; null without pngquant, or below its quality 65. */
  palette(): Promise<Buffer | null>;
  /** The search's scorer on the sample (look.ts), made once. */
  scorer(): Promise<LookScores>;
  /** pngquant's palette with its look on the sample, measured once; null without a palette. */
  measured(): Promise<ReferencePalette | null>;
  /** What replaces smart PNG's result (PaletteChoice's `instead`). */
  instead(result: Buffer, verified: boolean): Promise<{ data: Buffer; quality: number } | null>;
  /** Whether a palette of the whole image scores at least pngquant's at the page size on every score (ties allowed). */
  holdsAtPageSize(candidate: Buffer): Promise<boolean>;
}

/** pngquant's palette of `prepared` as a search on `sample` (detailSample(prepared)) weighs it; nothing runs until asked for. */
export function pngquantReference(prepared: RawImage, sample: RawImage): Reference {
  const sampled = sample !== prepared;
  const longSide = Math.max(prepared.width, prepared.height);
  let made: Promise<Buffer | null> | null = null;
  const palette = () => (made ??= pngquantPalette(prepared));
  let scoring: Promise<LookScores> | null = null;
  const scorer = () => (scoring ??= lookScores(sample, longSide, SEARCH_STRIDE));
  const pixels = prepared.width * prepared.height;
  let pageSize: Promise<{ scores: (decoded: RawImage) => Promise<number[]>; look: number[] }> | null = null;
  const holdsAtPageSize = async (candidate: Buffer) => {
    pageSize ??= (async () => {
      const scores = await viewScores(prepared, SEARCH_STRIDE);
      return { scores, look: await scores(await decodePixels((await palette())!)) };
    })();
    const { scores, look } = await pageSize;
    return (await scores(await decodePixels(candidate))).every((score, i) => score >= look[i]!);
  };
  let measuring: Promise<ReferencePalette | null> | null = null;
  const measure = async (): Promise<ReferencePalette | null> => {
    const written = await palette();
    if (!written) return null;
    const decoded = await decodePixels(written);
    const real = detailSample(decoded);
    const look = await scorer();
    const found: number[] = [];
    for await (const score of look.scores(real)) found.push(score);
    let whole: Promise<number[]> | null = null;
    const wholeLook = async () => {
      const scores = await lookScores(prepared, longSide, SEARCH_STRIDE);
      const all: number[] = [];
      for await (const score of scores.scores(decoded)) all.push(score);
      return all;
    };
    return {
      palette: written,
      sampled: real,
      similarity: look.shown(found),
      atPaletteBar: found[0]! >= PALETTE_SSIM_TARGET,
      holdsAtPageSize,
      look: found,
      wholeLook: () => (sampled ? (whole ??= wholeLook()) : Promise.resolve(found)),
    };
  };
  return {
    palette,
    scorer,
    measured: () => (measuring ??= measure()),
    holdsAtPageSize,
    async instead(result, verified) {
      const written = await palette();
      if (!written) return null;
      const reference = { quality: PNGQUANT_QUALITY, data: written };
      if (!verified) return { ...reference, data: await packPng(written, pixels) };
      if (sampled && isPalettePng(result)) {
        // Chosen on a mosaic, whose page-size view is not the whole image's: the result must hold pngquant's look there too,
        // else the richest undithered palette, else pngquant's own. Lossless (the original's pixels) holds it.
        if (!(await holdsAtPageSize(result))) {
          const richest = await richestInstead(prepared, holdsAtPageSize, written.length, (png) => packPng(png, pixels));
          return richest ? { quality: RICHEST_UNDITHERED, data: richest } : { ...reference, data: await packPng(written, pixels) };
        }
      }
      if (written.length * PACKED_SHARE_AT_LEAST >= result.length) return null;
      const packed = await packPng(written, pixels);
      return packed.length < result.length ? { ...reference, data: packed } : null;
    },
  };
}

/** The richest undithered palette (PALETTE_RANGE.high), a mosaic's winner's stand-in at the page size (decision 0288). */
export const RICHEST_UNDITHERED = PALETTE_RANGE.high;

/**
 * What replaces a palette chosen on a mosaic of tiles that misses pngquant's look at the page size on the whole
 * image, in smart PNG (decision 0288) and `auto` (0300): the richest undithered palette of the whole image,
 * written by the caller's `write` in its own format, when it holds that look and comes out under `pngquant`,
 * the bytes of pngquant's own palette as the caller weighs it; else null, and the caller writes pngquant's own.
 */
export async function richestInstead<Written extends { length: number }>(
  prepared: RawImage,
  holdsAtPageSize: (candidate: Buffer) => Promise<boolean>,
  pngquant: number,
  write: (palette: Buffer) => Promise<Written>,
): Promise<Written | null> {
  const richest = await encode(fromPixels(prepared), 'png', RICHEST_UNDITHERED, smartTuning(prepared)).toBuffer();
  if (!(await holdsAtPageSize(richest))) return null;
  const written = await write(richest);
  return written.length < pngquant ? written : null;
}

/**
 * PNG: the smallest palette that looks at least as good as pngquant+optipng's on every score of
 * look.ts (a transparent image over white and over black), and on colour at least the palette bar.
 * Undithered palettes first (smaller and without noise), then richer dithered ones, then lossless
 * (quality 100), which is the original's pixels. Past the deadline, the smallest palette verified so
 * far, else lossless; an image the rough trial could not judge in time counts as a graphic, so `auto`
 * holds it to the palette look (docs/decisions/0132-graphics-keep-pngquants-look.md).
 */
export async function paletteSettings(prepared: RawImage, seed: number, search: PaletteSearch = {}): Promise<PaletteChoice> {
  const { sample = detailSample(prepared), bar = { bytes: Infinity }, deadline = SearchDeadline.none(), png = false } = search;
  const base = smartTuning(prepared);
  // Lossless is the original's pixels: it looks 100 % like it.
  const lossless = { quality: 100, tuning: base, bytes: null, similarity: 1 };
  // Smart PNG's verified candidate beside every result: pngquant's own palette, when pngquant runs here (decision 0288).
  // `auto` measures its graphics against the very same palette, run once, and takes it as its candidate too (decision 0300).
  const whole = search.reference ?? pngquantReference(prepared, sample);
  const reference = png ? { instead: whole.instead } : {};
  if (deadline.passed) return { ...lossless, graphic: true, ...reference };
  const trial = paletteTrial(sample, base);
  const ruledOut = await trial.ruledOut();
  if (ruledOut && !hasTransparency(sample)) {
    // `auto` takes it as a photo; a PNG it must be gets the richest dithered palette when that packs smaller than lossless (0266).
    const richest = png && !deadline.passed ? await richerThanLossless(sample, base) : null;
    if (richest) return { ...richest, bytes: null, graphic: false, ...reference };
    return { ...lossless, graphic: false, ...reference, ...(await measuredBefore(search)) };
  }
  // With a lossy result in hand (`auto`'s photos), one palette tells when none can win, before pngquant's run on the whole
  // image: 3–5 s of a smooth 4 MP photo's search (docs/decisions/0302).
  if (bar.bytes < Infinity && (await trial.cannotBeat(bar.bytes)))
    return { ...lossless, graphic: false, ...reference, ...(await measuredBefore(search)) };
  const { pngquant, look, reaches, real } = await pngquantLook(sample, base, whole);
  // pngquant's own palette goes with every choice below, for `auto` to weigh (decision 0300).
  const references = { ...reference, ...(real ? { pngquant: real } : {}) };
  // A cut-out no palette holds (a photo with alpha) is still a graphic whose lossy candidates and lossless WebP compete in `auto`,
  // held to pngquant's look alone: the palette bar is about a palette's bands, and pngquant's own palette falls below it there (decision 0163).
  if (ruledOut) return { ...lossless, graphic: true, look: pngquant, ...references };
  const probes = new Map<string, { bytes: number; similarity: number | null }>();
  const probe = async (quality: number, tuning: EncodeTuning) => {
    const encoded = await encode(fromPixels(sample), 'png', quality, tuning).toBuffer();
    const found = { bytes: encoded.length, similarity: await reaches(encoded) };
    probes.set(`${quality}/${tuning.paletteDither}`, found);
    return found;
  };
  // Palettes of busy images cost up to ~1.5 s each: try the richest early.
  const reachesLook = async (q: number): Promise<Verdict> => {
    if (deadline.passed) return 'hopeless';
    const { bytes, similarity } = await probe(q, base);
    return similarity !== null || (bytes >= bar.bytes ? 'hopeless' : false);
  };
  const quality = await lowestPassing(PALETTE_RANGE.low, PALETTE_RANGE.high, seed, reachesLook, true);
  const passed = probes.get(`${quality}/${base.paletteDither}`);
  if (passed?.similarity != null)
    return { quality, tuning: base, bytes: passed.bytes, similarity: passed.similarity, graphic: true, look, ...references };
  // No undithered palette reaches it: pngquant's own way (dithered) with more colours, else lossless.
  const dithered = { ...base, paletteDither: PNGQUANT_DITHER };
  let richest: { quality: number; bytes: number } | null = null;
  for (const q of DITHERED_QUALITIES) {
    if (deadline.passed) break;
    const { bytes, similarity } = await probe(q, dithered);
    if (bytes >= bar.bytes) break;
    if (similarity !== null) return { quality: q, tuning: dithered, bytes, similarity, graphic: true, look, ...references };
    richest = { quality: q, bytes };
  }
  // The richest dithered palette is pngquant's own method with more colours than its quality 80 asks for: at pngquant's
  // look, although our measure's lead asks more of it. It stands in for lossless unless the original's pixels pack smaller;
  // its look is then measured once on the whole image (docs/decisions/0234-the-reference-palette-before-lossless.md).
  // With pngquant itself at hand, its own palette (verified by definition) takes that place (decision 0288).
  if (!real && richest && !deadline.passed && richest.bytes < (await losslessBytes(sample, base)))
    return { quality: richest.quality, tuning: dithered, bytes: richest.bytes, graphic: true, look };
  return { ...lossless, graphic: true, look, ...references };
}

/** pngquant's palette `auto` already measured for a photo (an upload that arrived lossless, decision 0311): it stays that photo's candidate. */
async function measuredBefore(search: PaletteSearch): Promise<{ pngquant?: ReferencePalette }> {
  const measured = search.reference && (await search.reference.measured());
  return measured ? { pngquant: measured } : {};
}

/** The original's pixels as a PNG, in bytes on the sample. */
async function losslessBytes(sample: RawImage, base: EncodeTuning): Promise<number> {
  return (await encode(fromPixels(sample), 'png', 100, base).toBuffer()).length;
}

/**
 * The richest dithered palette (pngquant's method with more colours than its quality 80 asks for) when
 * it is smaller on the sample than lossless; unverified by our measure, so its look is measured once on
 * the whole image (docs/decisions/0234, 0266).
 */
async function richerThanLossless(sample: RawImage, base: EncodeTuning): Promise<QualityChoice | null> {
  const tuning = { ...base, paletteDither: PNGQUANT_DITHER };
  const quality = DITHERED_QUALITIES.at(-1)!;
  const bytes = (await encode(fromPixels(sample), 'png', quality, tuning).toBuffer()).length;
  return bytes < (await losslessBytes(sample, base)) ? { quality, tuning } : null;
}
