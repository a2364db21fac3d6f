import { PNG_SIGNATURE, pngChunks } from './integrity.js';

/**
 * Lossless metadata removal: the original's compressed data, minus EXIF, XMP, comments and text.
 * Used when re-encoding would make a file larger.
 * Each returns null when the data is not what it claims to be, so the caller re-encodes instead.
 */

const JPEG_SOI = 0xd8;
const JPEG_SOS = 0xda;
const JPEG_COM = 0xfe;
const JPEG_APP0 = 0xe0;
const JPEG_APP2 = 0xe2;
const JPEG_APP14 = 0xee;
const JPEG_APP15 = 0xef;

/** Drops APPn segments and comments, keeping JFIF (APP0), the ICC profile (APP2) and Adobe's colour transform (APP14). */
export function stripJpegMetadata(data: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== JPEG_SOI) return null;
  const kept: Buffer[] = [data.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === JPEG_SOS) {
      kept.push(data.subarray(offset));
      return Buffer.concat(kept);
    }
    const length = data.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > data.length) return null;
    const isApp = marker >= JPEG_APP0 && marker <= JPEG_APP15;
    const isIcc = marker === JPEG_APP2 && data.subarray(offset + 4, offset + 16).toString('latin1') === 'ICC_PROFILE\0';
    const drop = marker === JPEG_COM || (isApp && marker !== JPEG_APP0 && marker !== JPEG_APP14 && !isIcc);
    if (!drop) kept.push(data.subarray(offset, end));
    offset = end;
  }
  return null;
}

const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** Drops text, EXIF and time chunks; every chunk that affects the pixels stays. */
export function stripPngMetadata(data: Buffer): Buffer | null {
  const chunks = pngChunks(data);
  if (!chunks) return null;
  const kept = chunks.filter((chunk) => !PNG_METADATA_CHUNKS.has(chunk.type)).map((chunk) => data.subarray(chunk.start, chunk.end));
  return Buffer.concat([PNG_SIGNATURE, ...kept]);
}

const VP8X_FLAG_EXIF = 0x08;
const VP8X_FLAG_XMP = 0x04;

/** Drops the EXIF and XMP chunks of a WebP file and clears their flags in the VP8X header. */
export function stripWebpMetadata(data: Buffer): Buffer | null {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return null;
  const kept: Buffer[] = [];
  let offset = 12;
  while (offset + 8 <= data.length) {
    const type = data.toString('latin1', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (offset + 8 + size > data.length) return null;
    const chunk = Buffer.from(data.subarray(offset, Math.min(end, data.length)));
    if (type === 'VP8X') chunk[8] = chunk[8]! & ~(VP8X_FLAG_EXIF | VP8X_FLAG_XMP);
    if (type !== 'EXIF' && type !== 'XMP ') kept.push(chunk);
    offset = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

export function stripMetadata(format: string, data: Buffer): Buffer | null {
  if (format === 'jpeg') return stripJpegMetadata(data);
  if (format === 'png') return stripPngMetadata(data);
  if (format === 'webp') return stripWebpMetadata(data);
  return null;
}
