import { uploadFormatsText } from '@lightpix/shared';
import type { EncodedFormat } from './encode.js';

/** Formats we decode, as sharp names them (HEIC through libheif). SVG is refused: it is a program, not a picture. */
export const inputFormats = ['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heic'] as const;
export type InputFormat = (typeof inputFormats)[number];

/** Server messages are in English; British English lists without a serial comma. */
export const ACCEPTED_FORMATS_TEXT = uploadFormatsText('en-GB');

export const extensionOf: Record<InputFormat | EncodedFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  tiff: 'tiff',
  heic: 'heic',
};

export const mimeTypeOf: Record<InputFormat | EncodedFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tiff: 'image/tiff',
  heic: 'image/heic',
};

export function isInputFormat(format: string | undefined): format is InputFormat {
  return (inputFormats as readonly string[]).includes(format ?? '');
}

/**
 * 'Keep original' keeps the input's format (animated GIF stays animated GIF). TIFF, a print and
 * archive format no browser shows, becomes PNG when it has transparency and JPEG otherwise; HEIC,
 * which most browsers cannot show and we cannot write, becomes JPEG (docs/decisions/0065-heic-uploads.md).
 */
export function outputForOriginal(input: InputFormat, hasAlpha: boolean): EncodedFormat {
  if (input === 'heic') return 'jpeg';
  if (input !== 'tiff') return input;
  return hasAlpha ? 'png' : 'jpeg';
}
