import { encode, type EncodedFormat, type EncodeTuning } from './encode.js';
import { fromPixels } from './loaders.js';
import { detailSample, lookJudge, lossySettings, paletteSettings, smartTuning, type Bar, type QualityChoice } from './smart.js';
import type { RawImage } from './ssim.js';

/**
 * "Smallest format" (`auto`): per image, the smallest of the plan's formats at the look smart mode
 * promises. JPEG, WebP and AVIF are each searched to libjpeg-turbo q75's look at both scales; an image
 * a palette can hold also offers its palette PNG or lossless WebP. Candidates are compared by their
 * bytes on the search sample; only the winner is encoded in full (docs/decisions/0067-smallest-format.md).
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

export async function smallestFormat(
  prepared: RawImage,
  allowed: readonly EncodedFormat[],
  seed: number,
  hasAlpha: boolean,
): Promise<FormatChoice> {
  const base = smartTuning(prepared);
  let best: (FormatChoice & { bytes: number }) | null = allowed.includes('png') ? await graphicChoice(prepared, allowed, seed, base) : null;
  const judge = await lookJudge(prepared);
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

/** When a palette holds the image (a graphic): the smaller of the palette PNG and lossless WebP, with its bytes on the sample. */
async function graphicChoice(prepared: RawImage, allowed: readonly EncodedFormat[], seed: number, base: EncodeTuning): Promise<(FormatChoice & { bytes: number }) | null> {
  const palette = await paletteSettings(prepared, seed);
  if (palette.quality >= 100 || palette.bytes === null) return null;
  const png = { format: 'png' as const, quality: palette.quality, tuning: palette.tuning, bytes: palette.bytes };
  if (!allowed.includes('webp')) return png;
  const lossless = { ...base, webpLossless: true };
  const webpBytes = (await encode(fromPixels(detailSample(prepared)), 'webp', 100, lossless).toBuffer()).length;
  return webpBytes < palette.bytes ? { format: 'webp', quality: 100, tuning: lossless, bytes: webpBytes } : png;
}
