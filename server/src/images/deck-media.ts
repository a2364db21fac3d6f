import { encode } from './encode.js';
import { inspectImage, MAX_INPUT_PIXELS, type ImageInfo } from './inspect.js';
import { fromPixels, rawPixels, sharp } from './loaders.js';
import { detailSample } from './search.js';
import { paletteTrial } from './smart-png.js';
import type { RawImage } from './ssim.js';

/**
 * One picture inside a deck, made as small as its largest use on a slide allows
 * (docs/decisions/0042-deck-pictures.md, 0085-deck-pictures-at-a-fixed-quality.md): downscaled to the
 * pixels it needs (never enlarged), then encoded at a fixed quality instead of the image tool's
 * per-picture search, because a deck is judged slide by slide. Photos become mozjpeg JPEG; a PNG a
 * palette can hold stays a palette PNG (graphics, screenshots); an opaque PNG no palette can hold is a
 * photo and becomes JPEG; a transparent one stays lossless PNG.
 */

export type PictureFormat = 'jpeg' | 'png';

export type PictureOutcome =
  | { changed: false; reason: 'format' | 'orientation' | 'not-smaller' | 'unreadable' }
  | { changed: true; data: Buffer; format: PictureFormat; resized: boolean; converted: boolean };

/** Resizing by less than this share is not worth a generation of loss. */
const MIN_SHRINK = 0.9;
const TIME_LIMIT_SECONDS = 60;
/** mozjpeg quality for every photo: bench:pptx keeps each deck's worst slide at SSIM ≥ 0.98 with it (decision 0085). */
export const DECK_PHOTO_QUALITY = 75;
/** Palettes tried, smallest first would cost a probe on every photo: the richest decides graphic or photo. */
const PALETTE_RICH = 95;
const PALETTE_LEAN = 70;

/** The pixel size a picture gets for a need of `width` × `height` (aspect kept, never enlarged). */
export function fittedSize(own: { width: number; height: number }, need: { width: number; height: number } | null) {
  if (!need) return { ...own, resized: false };
  const scale = Math.max(need.width / own.width, need.height / own.height);
  if (scale >= MIN_SHRINK) return { ...own, resized: false };
  return { width: Math.max(1, Math.round(own.width * scale)), height: Math.max(1, Math.round(own.height * scale)), resized: true };
}

async function readInfo(data: Buffer): Promise<ImageInfo | null> {
  try {
    return await inspectImage(data);
  } catch {
    return null;
  }
}

function opaque(image: RawImage): boolean {
  if (image.channels !== 2 && image.channels !== 4) return true;
  for (let i = image.channels - 1; i < image.data.length; i += image.channels) if (image.data[i] !== 255) return false;
  return true;
}

/** The palette quality that looks the same on the picture's detail sample, or null when none does (a photo); smart PNG's bar and rough trial. */
async function paletteQuality(pixels: RawImage): Promise<number | null> {
  const sample = detailSample(pixels);
  const trial = paletteTrial(sample, { paletteDither: 0, pixels: sample.width * sample.height });
  if ((await trial.ruledOut()) || !(await trial.score(PALETTE_RICH)).looksSame) return null;
  return (await trial.score(PALETTE_LEAN)).looksSame ? PALETTE_LEAN : PALETTE_RICH;
}

/** Re-encodes one embedded picture for a need in pixels (null: keep its size), or says why it is left alone. */
export async function optimisePicture(data: Buffer, need: { width: number; height: number } | null): Promise<PictureOutcome> {
  const info = await readInfo(data);
  if (!info) return { changed: false, reason: 'unreadable' };
  if (info.pages > 1 || !['jpeg', 'png', 'tiff'].includes(info.format)) return { changed: false, reason: 'format' };
  // PowerPoint ignores EXIF orientation; turning the pixels would turn the slide's picture.
  if (info.orientation !== 1) return { changed: false, reason: 'orientation' };
  const size = fittedSize(info, need);
  let pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).timeout({ seconds: TIME_LIMIT_SECONDS });
  if (size.resized) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
  // Grey with alpha as RGBA: sharp's raw output of a grey image keeps its first band alone (decision 0231).
  pipeline = pipeline.toColourspace(info.isGrey && !info.hasAlpha ? 'b-w' : 'srgb');
  try {
    const encoded =
      info.format === 'jpeg'
        ? { data: await encode(pipeline, 'jpeg', DECK_PHOTO_QUALITY).toBuffer(), format: 'jpeg' as const }
        : await losslessSource(pipeline, info);
    if (encoded.data.length >= data.length) return { changed: false, reason: 'not-smaller' };
    return { changed: true, data: encoded.data, format: encoded.format, resized: size.resized, converted: encoded.format !== info.format };
  } catch {
    return { changed: false, reason: 'unreadable' };
  }
}

/** PNG and TIFF: a palette when one looks the same, else JPEG for an opaque photo, else lossless PNG. */
async function losslessSource(pipeline: ReturnType<typeof sharp>, info: ImageInfo): Promise<{ data: Buffer; format: PictureFormat }> {
  let pixels = await rawPixels(pipeline);
  const grey = (encoder: ReturnType<typeof sharp>) => (info.isGrey ? encoder.toColourspace('b-w') : encoder);
  const palette = await paletteQuality(pixels);
  if (palette !== null) {
    return {
      data: await encode(grey(fromPixels(pixels)), 'png', palette, { paletteDither: 0, pixels: pixels.width * pixels.height }).toBuffer(),
      format: 'png',
    };
  }
  if (!opaque(pixels)) return { data: await encode(grey(fromPixels(pixels)), 'png', 100).toBuffer(), format: 'png' };
  if (pixels.channels === 2 || pixels.channels === 4) pixels = await dropAlpha(pixels);
  return { data: await encode(grey(fromPixels(pixels)), 'jpeg', DECK_PHOTO_QUALITY).toBuffer(), format: 'jpeg' };
}

function dropAlpha(image: RawImage): Promise<RawImage> {
  return rawPixels(fromPixels(image).removeAlpha());
}
