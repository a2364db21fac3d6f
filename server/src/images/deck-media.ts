import { smartQuality as sizeBasedQuality } from '@lightpix/shared';
import { encode } from './encode.js';
import { inspectImage, MAX_INPUT_PIXELS, type ImageInfo } from './inspect.js';
import { fromPixels, sharp } from './loaders.js';
import { paletteSettings, smartSettings } from './smart.js';
import type { RawImage } from './ssim.js';

/**
 * One picture inside a deck, made as small as its largest use on a slide allows
 * (docs/decisions/0042-deck-pictures.md): downscaled to the pixels it needs (never enlarged), then
 * encoded by the image engine's own searches. Photos go through smart quality; a PNG a palette can
 * hold stays a palette PNG (graphics, screenshots); an opaque PNG no palette can hold is a photo and
 * becomes JPEG; a transparent one stays lossless PNG.
 */

export type PictureFormat = 'jpeg' | 'png';

export type PictureOutcome =
  | { changed: false; reason: 'format' | 'orientation' | 'not-smaller' | 'unreadable' }
  | { changed: true; data: Buffer; format: PictureFormat; resized: boolean; converted: boolean };

/** Resizing by less than this share is not worth a generation of loss. */
const MIN_SHRINK = 0.9;
const TIME_LIMIT_SECONDS = 60;

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
  let raw: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    raw = await pipeline.toColourspace(info.isGrey ? 'b-w' : 'srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  } catch {
    return { changed: false, reason: 'unreadable' };
  }
  let pixels: RawImage = { data: raw.data, width: raw.info.width, height: raw.info.height, channels: raw.info.channels };
  const seed = sizeBasedQuality(data.length);

  let format: PictureFormat = 'jpeg';
  let choice;
  if (info.format === 'jpeg') {
    choice = await smartSettings(pixels, 'jpeg', seed);
  } else {
    const palette = await paletteSettings(pixels, seed);
    const isOpaque = opaque(pixels);
    if (palette.quality < 100 || !isOpaque) {
      format = 'png';
      choice = palette;
    } else {
      if (pixels.channels === 2 || pixels.channels === 4) pixels = await dropAlpha(pixels);
      choice = await smartSettings(pixels, 'jpeg', seed);
    }
  }
  let encoder = fromPixels(pixels);
  if (info.isGrey) encoder = encoder.toColourspace('b-w');
  const output = await encode(encoder, format, choice.quality, choice.tuning).toBuffer();
  const converted = format !== info.format;
  if (output.length >= data.length) return { changed: false, reason: 'not-smaller' };
  return { changed: true, data: output, format, resized: size.resized, converted };
}

async function dropAlpha(image: RawImage): Promise<RawImage> {
  const { data, info } = await fromPixels(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}
