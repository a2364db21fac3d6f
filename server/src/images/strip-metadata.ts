import { PNG_SIGNATURE, pngChunks } from './integrity.js';

/**
 * Lossless metadata removal: the original's compressed data, minus EXIF, XMP, comments and text.
 * Used when re-encoding would make a file larger.
 * Each returns null when the data is not what it claims to be, so the caller re-encodes instead.
 */

const JPEG_SOI = 0xd8;
const JPEG_EOI = 0xd9;
const JPEG_SOS = 0xda;
const JPEG_COM = 0xfe;
const JPEG_APP0 = 0xe0;
const JPEG_APP2 = 0xe2;
const JPEG_APP14 = 0xee;
const JPEG_APP15 = 0xef;
const JPEG_RST0 = 0xd0;
const JPEG_RST7 = 0xd7;

/** Where a scan's entropy-coded data ends: the next marker that is not a stuffed byte, a restart or fill. */
function scanEnd(data: Buffer, from: number): number {
  let offset = from;
  for (;;) {
    offset = data.indexOf(0xff, offset);
    if (offset < 0 || offset + 1 >= data.length) return data.length;
    const next = data[offset + 1]!;
    if (next === 0xff) offset += 1;
    else if (next === 0x00 || (next >= JPEG_RST0 && next <= JPEG_RST7)) offset += 2;
    else return offset;
  }
}

/**
 * Drops APPn segments and comments (also between progressive scans), keeping JFIF (APP0), the ICC
 * profile (APP2) and Adobe's colour transform (APP14), and ends the file at its EOI marker: bytes
 * after it (a second picture, HTML) are not the image. Null without an EOI, so the caller re-encodes.
 */
export function stripJpegMetadata(data: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== JPEG_SOI) return null;
  const kept: Buffer[] = [data.subarray(0, 2)];
  let offset = 2;
  while (offset + 2 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === JPEG_EOI) {
      kept.push(data.subarray(offset, offset + 2));
      return Buffer.concat(kept);
    }
    if (offset + 4 > data.length) return null;
    const length = data.readUInt16BE(offset + 2);
    let end = offset + 2 + length;
    if (length < 2 || end > data.length) return null;
    if (marker === JPEG_SOS) end = scanEnd(data, end);
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
  // Only what the RIFF header counts is the image; bytes after it are dropped like metadata.
  const riffEnd = 8 + data.readUInt32LE(4);
  if (riffEnd > data.length) return null;
  let offset = 12;
  while (offset + 8 <= riffEnd) {
    const type = data.toString('latin1', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (offset + 8 + size > riffEnd) return null;
    const chunk = Buffer.from(data.subarray(offset, Math.min(end, riffEnd)));
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
