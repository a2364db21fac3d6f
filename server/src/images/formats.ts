import type { OutputFormat } from '@lightpix/shared';

/** Formats we decode, as sharp names them. SVG is refused: it is a program, not a picture. */
export const inputFormats = ['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const;
export type InputFormat = (typeof inputFormats)[number];

export const ACCEPTED_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF, AVIF and TIFF';

export const extensionOf: Record<InputFormat | OutputFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  tiff: 'tiff',
};

export const mimeTypeOf: Record<InputFormat | OutputFormat, string> = {
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
 * 'Keep original' for an input the plan cannot write: the nearest format it can
 * (a lossless one for graphics and transparency, else a photo format).
 */
export function outputForOriginal(input: InputFormat, hasAlpha: boolean, allowed: readonly OutputFormat[]): OutputFormat {
  if ((allowed as readonly string[]).includes(input)) return input as OutputFormat;
  if (input === 'avif' && allowed.includes('webp')) return 'webp';
  if (input === 'gif' || hasAlpha) return 'png';
  return 'jpeg';
}
