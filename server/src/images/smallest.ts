import { encode, type EncodedFormat, type EncodeTuning } from './encode.js';
import { fromPixels } from './loaders.js';
import { detailSample, lookJudge, lossySettings, paletteSettings, smartTuning, type Bar, type PaletteChoice, type QualityChoice } from './smart.js';
import type { InputFormat } from './formats.js';
import type { ImageInfo } from './inspect.js';
import type { RawImage } from './ssim.js';

/**
 * "Smallest format" (`auto`): per image, the smallest of the plan's formats at the look smart mode
 * promises. JPEG, WebP and AVIF are each searched to libjpeg-turbo q75's look at both scales. An image
 * the rough palette trial does not rule out also offers its palette PNG or lossless WebP; when it did
 * not arrive as a photo (JPEG, HEIC, AVIF) and has few colours, it is a graphic, and its lossy
 * candidates must reach the palette bar too. Candidates are compared by their bytes on the search sample; only the winner is
 * encoded in full (docs/decisions/0067-smallest-format.md, docs/decisions/0105-graphics-keep-the-palette-look.md).
 */

export interface FormatChoice extends QualityChoice {
  format: EncodedFormat;
}

/** The lossy formats in the order they are tried: the cheap one first sets the bar for the others, which then run side by side. */
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
  const { data, channels } = image;
  const limit = image.width * image.height * PHOTO_COLOUR_SHARE;
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
): Promise<FormatChoice> {
  const { hasAlpha } = original;
  const base = smartTuning(prepared);
  // One sample for every trial below: on a 12 MP photo each copy is ~4 MB.
  const sample = detailSample(prepared);
  const palette = await paletteSettings(prepared, seed, sample);
  let best = palette.graphic ? await graphicChoice(sample, allowed, palette, base) : null;
  // A smooth photo a palette happens to hold keeps the photo look: the bar cost jpeg-decoder's tower 1.6× cjpeg q75's bytes, PNG photos 2–3×.
  const graphic = palette.graphic && !PHOTO_FORMATS.includes(original.format) && !manyColours(sample);
  const judge = await lookJudge(prepared, { graphic, sample });
  // JPEG would flatten transparency on white: only formats that keep it compete for a transparent image.
  const [first, ...others] = LOSSY_ORDER.filter((f) => allowed.includes(f) && !(f === 'jpeg' && hasAlpha));
  const bar: Bar = { bytes: best?.bytes ?? Infinity };
  const consider = (format: EncodedFormat, found: (QualityChoice & { bytes: number }) | null) => {
    if (found && (!best || found.bytes < best.bytes)) best = { ...found, format };
  };
  // The first format alone sets the bar; the others are then searched side by side against it.
  if (first) consider(first, await lossySettings(judge, first, seed, base, bar));
  const found = await Promise.all(others.map((format) => lossySettings(judge, format, seed, base, bar)));
  others.forEach((format, i) => consider(format, found[i]!));
  if (best) return { format: best.format, quality: best.quality, tuning: best.tuning };
  // Nothing reaches the look (an already heavily compressed upload, transparent): lossless where possible.
  const fallback = allowed.includes('png') ? 'png' : (allowed.find((f) => f !== 'jpeg' || !hasAlpha) ?? allowed[0]!);
  return { format: fallback, quality: 100, tuning: base };
}

/** A graphic's exact or palette candidates: the smaller of its palette PNG (when a palette holds it) and lossless WebP, with bytes on the detail sample. */
async function graphicChoice(sample: RawImage, allowed: readonly EncodedFormat[], palette: PaletteChoice, base: EncodeTuning): Promise<(FormatChoice & { bytes: number }) | null> {
  const png = allowed.includes('png') && palette.bytes !== null ? { format: 'png' as const, quality: palette.quality, tuning: palette.tuning, bytes: palette.bytes } : null;
  if (!allowed.includes('webp')) return png;
  const lossless = { ...base, webpLossless: true };
  const webpBytes = (await encode(fromPixels(sample), 'webp', 100, lossless).toBuffer()).length;
  return png && png.bytes <= webpBytes ? png : { format: 'webp', quality: 100, tuning: lossless, bytes: webpBytes };
}
