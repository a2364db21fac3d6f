import type { EncodedFormat } from './encode.js';

/** Formats we decode, as sharp names them. SVG is refused: it is a program, not a picture. */
export const inputFormats = ['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const;
export type InputFormat = (typeof inputFormats)[number];

export const ACCEPTED_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF, AVIF and TIFF';

export const extensionOf: Record<InputFormat | EncodedFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  tiff: 'tiff',
};

export const mimeTypeOf: Record<InputFormat | EncodedFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tiff: 'image/tiff',
};

export function isInputFormat(format: string | undefined): format is InputFormat {
  return (inputFormats as readonly string[]).includes(format ?? '');
}

/**
 * 'Keep original' keeps the input's format (animated GIF stays animated GIF). TIFF, a print and
 * archive format no browser shows, becomes PNG when it has transparency and JPEG otherwise.
 */
export function outputForOriginal(input: InputFormat, hasAlpha: boolean): EncodedFormat {
  if (input !== 'tiff') return input;
  return hasAlpha ? 'png' : 'jpeg';
}
