import { SearchDeadline } from './deadline.js';
import { encode, type EncodedFormat, type EncodeTuning } from './encode.js';
import { fromPixels } from './loaders.js';
import { wholeFinalist, type WholeChoice } from './finalists.js';
import { detailSample, smartTuning, type Bar, type QualityChoice } from './search.js';
import { AVIF_WITHIN, lookJudge, lossySettings, referenceSetting, type Found, type LookJudge } from './smart.js';
import { paletteAsWebp, webpOfPalette } from './graphic-webp.js';
import { packPng } from './png-pack.js';
import { pngquantCandidates } from './pngquant-candidates.js';
import {
  paletteSettings,
  PNGQUANT_QUALITY,
  pngquantReference,
  richestInstead,
  RICHEST_UNDITHERED,
  type PaletteChoice,
  type ReferencePalette,
} from './smart-png.js';
import type { InputFormat } from './formats.js';
import type { ImageInfo } from './inspect.js';
import { hasTransparency, type RawImage } from './ssim.js';

/**
 * "Smallest format" (`auto`): per image, the smallest of the plan's formats at the look smart mode
 * promises. JPEG, WebP and AVIF are each searched to libjpeg-turbo q75's look at both scales. An image
 * the rough palette trial does not rule out also offers its palette, as a PNG or as lossless WebP of
 * the same pixels (docs/decisions/0292-graphics-as-palette-webp.md), or lossless WebP. When it did
 * not arrive as a photo (JPEG, HEIC, AVIF) and has few colours, it is a graphic: its palette is searched
 * first and its lossy candidates must reach its palette's look too (pngquant's, on every score). A photo is searched lossy first, and
 * its palette only as far as it can still win; one that did not arrive as a photo is held to pngquant's look too (decision 0311). Candidates are compared by their bytes on the search
 * sample; only the winner is encoded in full. Past the deadline, the smallest candidate verified so far
 * wins (docs/decisions/0067-smallest-format.md, docs/decisions/0105-graphics-keep-the-palette-look.md,
 * docs/decisions/0132-graphics-keep-pngquants-look.md,
 * docs/decisions/0112-faster-searches-for-photos.md, docs/decisions/0130-a-search-that-runs-out-of-time.md,
 * docs/decisions/0311-a-png-keeps-pngquants-look-in-auto.md).
 */

export interface FormatChoice extends QualityChoice {
  format: EncodedFormat;
  /** The full-size file, when the search already wrote and judged it (finalists.ts): written as it is. */
  encoded?: Buffer;
}

/** The lossy formats in the order they are tried: the cheap one first sets the bar for the others (AVIF, then WebP). */
const LOSSY_ORDER: EncodedFormat[] = ['jpeg', 'webp', 'avif'];

/** An animation keeps its frames: WebP when the plan allows it, else the original's own format. */
export function animationFormat(allowed: readonly EncodedFormat[], original: EncodedFormat): EncodedFormat {
  return allowed.includes('webp') ? 'webp' : original;
}

/** Formats that arrive already lossy from a camera or phone: their upload promises a photo's look, whatever a palette could hold. */
const PHOTO_FORMATS: readonly InputFormat[] = ['jpeg', 'heic', 'avif'];

/**
 * A photo, whatever its file format, has a colour of its own for every few pixels: at least 22 % of the
 * pixels of the corpus' PNG photos, at most 9 % of its graphics, screenshots and wallpapers
 * (docs/decisions/0105-graphics-keep-the-palette-look.md).
 */
const PHOTO_COLOUR_SHARE = 0.15;

/** Whether the distinct colours (alpha included) reach PHOTO_COLOUR_SHARE of the pixels; stops counting there. */
function manyColours(image: RawImage): boolean {
  return coloursReach(image, image.width * image.height * PHOTO_COLOUR_SHARE);
}

/** A palette's most colours. */
const PALETTE_COLOURS = 256;

/** Whether the image holds PALETTE_COLOURS distinct colours (alpha included) or fewer. */
function paletteAlready(image: RawImage): boolean {
  return !coloursReach(image, PALETTE_COLOURS + 1);
}

/** Whether the distinct colours (alpha included) reach `limit`; stops counting there. */
function coloursReach(image: RawImage, limit: number): boolean {
  const { data, channels } = image;
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += channels) {
    let colour = 0;
    for (let c = 0; c < channels; c++) colour = colour * 256 + data[i + c]!;
    seen.add(colour);
    if (seen.size >= limit) return true;
  }
  return false;
}

export async function smallestFormat(
  prepared: RawImage,
  allowed: readonly EncodedFormat[],
  seed: number,
  original: Pick<ImageInfo, 'format' | 'hasAlpha'>,
  deadline = SearchDeadline.none(),
): Promise<FormatChoice> {
  const base = smartTuning(prepared);
  // One sample for every trial below: on a 12 MP photo each copy is ~4 MB.
  const sample = detailSample(prepared);
  // A smooth photo a palette happens to hold keeps the photo look: the bar cost jpeg-decoder's tower 1.6× cjpeg q75's bytes, PNG photos 2–3×.
  // A cut-out with transparency is a graphic however many its colours: it keeps pngquant's look (decision 0132).
  const photo = PHOTO_FORMATS.includes(original.format) || (manyColours(sample) && !hasTransparency(sample));
  const search = { prepared, allowed, seed, original, base, sample, deadline };
  return photo ? photoChoice(search) : fewColoursChoice(search);
}

interface Search {
  prepared: RawImage;
  allowed: readonly EncodedFormat[];
  seed: number;
  original: Pick<ImageInfo, 'format' | 'hasAlpha'>;
  base: EncodeTuning;
  sample: RawImage;
  deadline: SearchDeadline;
}

/**
 * A candidate with its bytes on the sample; `paletteWebp`: its palette PNG's pixels written as lossless WebP (graphic-webp.ts);
 * `file`: pngquant's own palette, written as the whole image's file (pngquant-candidates.ts).
 */
type Candidate = FormatChoice & { bytes: number; paletteWebp?: true; file?: () => Promise<Buffer> };

/**
 * A photo: the lossy formats first, at the photo look; then a palette PNG (and lossless WebP beside a
 * palette that holds it) only as far as they can still beat the lossy result. Searched the other way
 * round, a smooth 4 MP photo spent ~4 s of a 9 s search on palettes ~3× its AVIF's bytes
 * (docs/decisions/0112-faster-searches-for-photos.md).
 */
async function photoChoice({ prepared, allowed, seed, original, base, sample, deadline }: Search): Promise<FormatChoice> {
  // Out of time before the first probe: libjpeg-turbo q75 itself is at the photo look.
  if (deadline.passed)
    return allowed.includes('jpeg') && !original.hasAlpha
      ? { format: 'jpeg', ...referenceSetting(base) }
      : fallback(allowed, original, base);
  // AVIF settles its lowest quality on the sample as far behind as the whole photo may still turn it round (decision 0302).
  const bar: Bar = { bytes: Infinity, avifWithin: AVIF_WITHIN };
  const verified: Verified = {};
  // Arrived lossless (a PNG photo, many-coloured game art): held to the higher of q75's look and pngquant's real look on each score,
  // where pngquant makes a palette; its one run is also the palette step's (decision 0311).
  const pngquant = PHOTO_FORMATS.includes(original.format) ? undefined : pngquantReference(prepared, sample);
  const held = pngquant ? await pngquant.measured() : null;
  const judge = await lookJudge(prepared, { sample, deadline, paletteLook: held?.look });
  const lossy = await lossyChoice(judge, allowed, seed, original, base, bar, verified);
  const palette = await paletteSettings(prepared, seed, { sample, bar, deadline, reference: pngquant });
  const own = palette.bytes !== null && palette.bytes < bar.bytes ? await graphicChoice(sample, allowed, palette, base, deadline) : null;
  // pngquant's own palette where it also reaches the palette bar the search's own palettes must, or where it is the look promised
  // (decision 0311), as far as it can still win (decision 0300).
  const search = { prepared, allowed, sample, base, deadline };
  const reference =
    palette.pngquant && (palette.pngquant.atPaletteBar || held)
      ? await pngquantChoice(search, palette, Math.min(bar.bytes, own?.bytes ?? Infinity))
      : null;
  const exact = smaller(own, reference);
  // A lossy winner and AVIF are judged again on the whole photo, where AVIF does better than on the sample (decision 0139), held to
  // pngquant's look on the whole photo too.
  if (lossy && (!exact || lossy.bytes <= exact.bytes))
    return settingOf(await wholeFinalist(prepared, sample, lossy, verified.avif ?? null, deadline, held?.wholeLook));
  return (await written(search, smaller(lossy, exact), palette.pngquant)) ?? fallback(allowed, original, base);
}

/** Arrived lossless with few colours: its palette's bytes set the bar, and when a palette holds it, it is a graphic held to the palette look (decisions 0105, 0132). */
async function fewColoursChoice({ prepared, allowed, seed, original, base, sample, deadline }: Search): Promise<FormatChoice> {
  const palette = await paletteSettings(prepared, seed, { sample, deadline });
  const own = palette.graphic ? await graphicChoice(sample, allowed, palette, base, deadline) : null;
  // pngquant's own palette, smart PNG's candidate, at pngquant's look by definition (decision 0300).
  const exact = smaller(own, await pngquantChoice({ prepared, allowed, sample, base, deadline }, palette, own?.bytes ?? Infinity));
  const bar: Bar = { bytes: exact?.bytes ?? Infinity };
  // Out of time: what is verified so far, else lossless (fallback), which is at any look.
  const judge = deadline.passed ? null : await lookJudge(prepared, { paletteLook: palette.look, sample, deadline });
  const lossy = judge && (await lossyChoice(judge, allowed, seed, original, base, bar));
  return (
    (await written({ prepared, allowed, sample, base, deadline }, smaller(exact, lossy), palette.pngquant)) ??
    fallback(allowed, original, base)
  );
}

/** The smallest lossy format at the judge's look: the cheap first one sets the bar, the others are then searched against it, AVIF first. */
async function lossyChoice(
  judge: LookJudge,
  allowed: readonly EncodedFormat[],
  seed: number,
  original: Pick<ImageInfo, 'hasAlpha'>,
  base: EncodeTuning,
  bar: Bar,
  verified: Verified = {},
): Promise<Candidate | null> {
  // JPEG would flatten transparency on white: only formats that keep it compete for a transparent image.
  const [first, ...others] = LOSSY_ORDER.filter((f) => allowed.includes(f) && !(f === 'jpeg' && original.hasAlpha));
  let best: Candidate | null = null;
  const consider = (format: EncodedFormat, found: Found | null) => {
    if (found) verified[format] = found;
    if (found && (!best || found.bytes < best.bytes)) best = { ...found, format };
  };
  const cheap = first ? await lossySettings(judge, first, seed, base, bar) : null;
  if (first) consider(first, cheap);
  // The others one after the other, AVIF first: it reaches the look in the fewest bytes on most photos, and its bytes then end
  // WebP's search at its first miss as large; side by side, WebP's probes ran to the end against JPEG's bar (decision 0302).
  for (const format of [...others].sort((a, b) => Number(b === 'avif') - Number(a === 'avif')))
    consider(format, await lossySettings(judge, format, seed, base, bar));
  // Cut short, time is what is short: the first format's verified setting (JPEG, the quickest to write in
  // full) rather than a smaller AVIF whose full-size encode could outlast the job (decision 0130).
  if (first && cheap && judge.deadline.outcome === 'cut short') return { ...cheap, format: first };
  return best;
}

/** Each lossy format's verified setting on the sample, by format. */
type Verified = Partial<Record<EncodedFormat, Found>>;

/** A candidate as the caller takes it: its full-size file too when one was judged whole. */
function settingOf({ format, quality, tuning, similarity, encoded }: WholeChoice): FormatChoice {
  return { format, quality, tuning, similarity, ...(encoded ? { encoded } : {}) };
}

/** The smaller of two candidates; a tie goes to the first. */
function smaller(a: Candidate | null, b: Candidate | null): Candidate | null {
  return a && (!b || a.bytes <= b.bytes) ? a : b;
}

/**
 * The chosen candidate as the caller takes it; a palette WebP is written here at full size (the palette
 * PNG's pixels as lossless WebP), as encode() writes each format in one step, and so is pngquant's own
 * palette. Out of time before that, the palette PNG it was made from, which is at the same look. A
 * palette of ours chosen on a mosaic is checked on the whole image first (pageSizeChecked).
 */
async function written(
  { prepared, allowed, sample, base, deadline }: Pick<Search, 'prepared' | 'allowed' | 'sample' | 'base' | 'deadline'>,
  chosen: Candidate | null,
  reference?: ReferencePalette,
): Promise<FormatChoice | null> {
  if (!chosen) return null;
  const { format, quality, tuning, similarity } = chosen;
  if (chosen.file) return { format, quality, tuning, similarity, encoded: await chosen.file() };
  const ours = chosen.paletteWebp === true || (format === 'png' && quality < 100);
  if (ours && reference && sample !== prepared && !deadline.passed) {
    const instead = await pageSizeChecked(prepared, chosen, reference, { base, png: allowed.includes('png') });
    if (instead) return instead;
  }
  if (!chosen.paletteWebp) return { format, quality, tuning, similarity };
  if (deadline.passed) return { format: 'png', quality, tuning, similarity };
  return { format, quality, tuning, similarity, encoded: await paletteAsWebp(prepared, chosen) };
}

/**
 * A palette of ours chosen on a mosaic of tiles, whose page-size view is not the whole image's: its palette
 * of the whole image must hold pngquant's look at the page size too, as smart PNG's result must (decision
 * 0288); else the smallest of the richest undithered palette, when that holds it, and pngquant's own, in the
 * chosen format (pngquant's also as a PNG when allowed). Null when it holds and is written as chosen
 * (docs/decisions/0300).
 */
async function pageSizeChecked(
  prepared: RawImage,
  chosen: Candidate,
  reference: ReferencePalette,
  { base, png }: { base: EncodeTuning; png: boolean },
) {
  const pixels = prepared.width * prepared.height;
  const inFormat = (palette: Buffer) => (chosen.format === 'webp' ? webpOfPalette(palette) : packPng(palette, pixels));
  const whole = await encode(fromPixels(prepared), 'png', chosen.quality, chosen.tuning).toBuffer();
  if (await reference.holdsAtPageSize(whole)) {
    const { format, quality, tuning, similarity } = chosen;
    return chosen.paletteWebp ? { format, quality, tuning, similarity, encoded: await webpOfPalette(whole) } : null;
  }
  const own: FormatChoice = { format: chosen.format, quality: PNGQUANT_QUALITY, tuning: base, similarity: reference.similarity };
  let pngquant = { ...own, encoded: await inFormat(reference.palette) };
  if (png && chosen.format !== 'png') {
    const packed = await packPng(reference.palette, pixels);
    if (packed.length < pngquant.encoded.length) pngquant = { ...own, format: 'png', encoded: packed };
  }
  const encoded = await richestInstead(prepared, reference.holdsAtPageSize, pngquant.encoded.length, inFormat);
  // Its look is measured once on the result, as a setting no search verified is.
  return encoded ? { format: chosen.format, quality: RICHEST_UNDITHERED, tuning: base, encoded } : pngquant;
}

/** Nothing reaches the look (an already heavily compressed upload, transparent): lossless where possible. */
function fallback(allowed: readonly EncodedFormat[], original: Pick<ImageInfo, 'hasAlpha'>, base: EncodeTuning): FormatChoice {
  const format = allowed.includes('png') ? 'png' : (allowed.find((f) => f !== 'jpeg' || !original.hasAlpha) ?? allowed[0]!);
  const lossless = format === 'png' || format === 'webp';
  return {
    format,
    quality: 100,
    tuning: format === 'webp' ? { ...base, webpLossless: true } : base,
    ...(lossless ? { similarity: 1 } : {}),
  };
}

/** A graphic's exact or palette candidates: the smaller of its palette PNG (when a palette holds it) and lossless WebP, with bytes on the detail sample. */
async function graphicChoice(
  sample: RawImage,
  allowed: readonly EncodedFormat[],
  palette: PaletteChoice,
  base: EncodeTuning,
  deadline: SearchDeadline,
): Promise<Candidate | null> {
  const setting = {
    quality: palette.quality,
    tuning: palette.tuning,
    ...(palette.similarity === undefined ? {} : { similarity: palette.similarity }),
  };
  // The palette PNG of the sample once more (paletteSettings keeps no file), for its packed bytes and its WebP.
  const samplePng =
    palette.bytes !== null && !deadline.passed ? await encode(fromPixels(sample), 'png', palette.quality, palette.tuning).toBuffer() : null;
  const png: Candidate | null =
    allowed.includes('png') && palette.bytes !== null
      ? { format: 'png', ...setting, bytes: samplePng ? await packedBytes(samplePng, palette.bytes, sample) : palette.bytes }
      : null;
  if (!allowed.includes('webp') || deadline.passed) return png;
  const lossless = { ...base, webpLossless: true };
  const webpBytes = (await encode(fromPixels(sample), 'webp', 100, lossless).toBuffer()).length;
  const exact: Candidate = { format: 'webp', quality: 100, tuning: lossless, bytes: webpBytes, similarity: 1 };
  // The palette's very pixels as lossless WebP: the palette's look, often in fewer bytes than its PNG (decision 0292). An image
  // with 256 colours or fewer (a palette already, such as an earlier result) is left its own: lossless WebP indexes them as well.
  const paletteWebp: Candidate | null =
    samplePng && !paletteAlready(sample)
      ? { format: 'webp', ...setting, bytes: (await webpOfPalette(samplePng)).length, paletteWebp: true }
      : null;
  return smaller(smaller(png, paletteWebp), exact);
}

/**
 * The smaller of pngquant's own palette of the whole image as a packed PNG and as lossless WebP (over 256
 * colours, decision 0292), with its bytes on the sample; null when pngquant made none, or none can come
 * under `beat` (pngquant-candidates.ts, docs/decisions/0300).
 */
async function pngquantChoice(
  { prepared, allowed, sample, base, deadline }: Pick<Search, 'prepared' | 'allowed' | 'sample' | 'base' | 'deadline'>,
  palette: PaletteChoice,
  beat: number,
): Promise<Candidate | null> {
  const reference = palette.pngquant;
  if (!reference) return null;
  const found = await pngquantCandidates(reference, {
    whole: sample === prepared,
    pixels: prepared.width * prepared.height,
    png: allowed.includes('png'),
    webp: allowed.includes('webp') && !paletteAlready(sample),
    beat,
    deadline,
  });
  const setting = { quality: PNGQUANT_QUALITY, tuning: base, similarity: reference.similarity };
  return found.reduce<Candidate | null>((best, { format, bytes, file }) => smaller(best, { format, ...setting, bytes, file }), null);
}

/**
 * The palette's bytes on the sample as the result writes them, packed by oxipng (png-pack.ts), so the
 * lossy and lossless WebP candidates compete with the PNG a person would get (docs/decisions/0265).
 */
async function packedBytes(samplePng: Buffer, bytes: number, sample: RawImage): Promise<number> {
  return Math.min(bytes, (await packPng(samplePng, sample.width * sample.height)).length);
}
