import type { Metadata } from 'sharp';
import { sharp } from './loaders.js';
import { AppError } from '../core/errors.js';
import { uploadFormatLabels } from '@lightpix/shared';
import { ACCEPTED_FORMATS_TEXT, isInputFormat, type InputFormat } from './formats.js';
import { damagedHeic, decodedSize, pendingOrientation, readHeif } from './heic.js';
import { isCutShort, sniffFormat } from './integrity.js';
import { checkInputPixels, MAX_TOTAL_PIXELS, tooManyPixels, tooSlow } from './limits.js';

/** libvips' own pixel limit, a second guard behind the header check (docs/decisions/0037-resource-limits.md). */
export const MAX_INPUT_PIXELS = MAX_TOTAL_PIXELS;

export interface ImageInfo {
  format: InputFormat;
  /** Stored dimensions, before the EXIF orientation is applied. */
  width: number;
  height: number;
  orientation: number;
  hasAlpha: boolean;
  /** Frames of an animation (1 for a still image). */
  pages: number;
  /** One colour channel: kept grey so the output does not carry two empty ones. */
  isGrey: boolean;
}

export function unsupportedType(): AppError {
  return new AppError(
    'unsupported_file_type',
    `This file is not an image we can open. We accept ${ACCEPTED_FORMATS_TEXT} images.`,
  ).withParams({
    reason: 'image',
    formats: uploadFormatLabels,
  });
}

export function undecodable(): AppError {
  return new AppError('undecodable_image', 'This image could not be read. The file may be damaged or incomplete.');
}

/** Judges the upload by its content, from the header alone, before any pixel is decoded. */
export async function inspectImage(data: Buffer): Promise<ImageInfo> {
  if (sniffFormat(data) === 'heic') return inspectHeic(data);
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    throw headerProblem(data, classifySharpError(error));
  }
  // libvips names AVIF 'heif'; HEIF holding HEVC (HEIC photos) cannot be decoded here, only AV1 can.
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (!isInputFormat(format)) throw unsupportedType();
  const { width, height } = metadata;
  if (!width || !height) throw undecodable();
  // Judged from the header alone, before the rest of the file is even walked.
  checkInputPixels({ width, height }, metadata.pages ?? 1);
  if (isCutShort(format, data)) throw undecodable();
  return {
    format,
    width,
    height,
    orientation: metadata.orientation ?? 1,
    hasAlpha: metadata.hasAlpha ?? false,
    pages: metadata.pages ?? 1,
    isGrey: metadata.space === 'b-w' || metadata.space === 'grey16',
  };
}

/** HEIC is judged from its boxes; its pixels are decoded later, in a worker, when the image is processed. */
function inspectHeic(data: Buffer): ImageInfo {
  const facts = readHeif(data);
  if (!facts || !facts.complete) throw damagedHeic();
  checkInputPixels(facts, 1);
  // Width and height as decoded (irot applied); the orientation is what EXIF still asks for.
  return {
    format: 'heic',
    ...decodedSize(facts),
    orientation: pendingOrientation(facts),
    hasAlpha: facts.hasAlpha,
    pages: 1,
    isGrey: false,
  };
}

/** A header libvips cannot read is 'unsupported' to it; if the first bytes say a format we accept, the file is damaged. */
function headerProblem(data: Buffer, error: AppError): AppError {
  if (error.code !== 'unsupported_file_type') return error;
  const sniffed = sniffFormat(data);
  if (sniffed === 'avif-sequence') {
    return new AppError(
      'unsupported_file_type',
      `Animated AVIF is not supported. We accept ${ACCEPTED_FORMATS_TEXT} images; animations as GIF or WebP.`,
    ).withParams({
      reason: 'animated_avif',
    });
  }
  return sniffed ? undecodable() : error;
}

/** Maps libvips' messages to our error classes; anything unknown from the decoder is the file's fault. */
export function classifySharpError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/unsupported image format|heif: Unsupported/i.test(message)) return unsupportedType();
  if (/pixel limit/i.test(message)) return tooManyPixels();
  if (/timeout/i.test(message)) return tooSlow();
  return undecodable();
}

/** Whether any pixel is see-through: an alpha channel that is fully opaque is not transparency. */
export async function isTransparent(data: Buffer, info: ImageInfo): Promise<boolean> {
  if (!info.hasAlpha) return false;
  try {
    return !(await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).stats()).isOpaque;
  } catch (error) {
    throw classifySharpError(error);
  }
}
