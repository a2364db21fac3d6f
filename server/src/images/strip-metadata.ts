import { crc32 } from 'node:zlib';
import { writeExif } from './exif.js';
import { PNG_SIGNATURE, pngChunks } from './integrity.js';
import { nothingKept, pngTexts, type KeptMetadata } from './kept-metadata.js';

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

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

/** EXIF as an APP1 segment after SOI (and after JFIF's APP0, which must come first). */
function insertJpegExif(data: Buffer, tiff: Buffer): Buffer | null {
  const length = 2 + 6 + tiff.length;
  if (data[0] !== 0xff || data[1] !== JPEG_SOI || length > 0xffff) return null;
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]), Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const afterJfif = data[2] === 0xff && data[3] === JPEG_APP0 ? 4 + data.readUInt16BE(4) : 2;
  return Buffer.concat([data.subarray(0, afterJfif), segment, data.subarray(afterJfif)]);
}

/** An eXIf chunk and tEXt/iTXt for the readable fields, after IHDR. */
function insertPngMetadata(data: Buffer, tiff: Buffer, texts: { keyword: string; text: string }[]): Buffer | null {
  const chunks = pngChunks(data);
  if (!chunks || chunks[0]?.type !== 'IHDR') return null;
  const added = [
    pngChunk('eXIf', tiff),
    ...texts.map(({ keyword, text }) =>
      /^[\x20-\x7e\xa0-\xff]*$/.test(text)
        ? pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'))
        : pngChunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(text, 'utf8')])),
    ),
  ];
  const afterHeader = chunks[0].end;
  return Buffer.concat([data.subarray(0, afterHeader), ...added, data.subarray(afterHeader)]);
}

/** EXIF as the last chunk of a WebP, with a VP8X header saying so (made if the file had none). */
function insertWebpExif(data: Buffer, tiff: Buffer, size: { width: number; height: number }): Buffer | null {
  const stripped = stripWebpMetadata(data);
  if (!stripped) return null;
  let body = stripped.subarray(12);
  if (body.toString('latin1', 0, 4) !== 'VP8X') {
    const vp8x = Buffer.alloc(18);
    vp8x.write('VP8X', 0, 'latin1');
    vp8x.writeUInt32LE(10, 4);
    // A lossless image says whether it uses alpha in its header (bit 28 after the signature byte).
    const lossless = body.toString('latin1', 0, 4) === 'VP8L';
    if (lossless && body.length > 13 && (body.readUInt32LE(9) >> 28) & 1) vp8x[8] = 0x10;
    vp8x.writeUIntLE(size.width - 1, 12, 3);
    vp8x.writeUIntLE(size.height - 1, 15, 3);
    body = Buffer.concat([vp8x, body]);
  }
  const flagged = Buffer.from(body);
  flagged[8] = flagged[8]! | VP8X_FLAG_EXIF;
  const chunk = Buffer.alloc(8 + tiff.length + (tiff.length % 2));
  chunk.write('EXIF', 0, 'latin1');
  chunk.writeUInt32LE(tiff.length, 4);
  tiff.copy(chunk, 8);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + flagged.length + chunk.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, flagged, chunk]);
}

/**
 * Writes the kept fields (docs/decisions/0136) into a result that has none, without re-encoding:
 * JPEG, PNG and WebP hold them; AVIF and GIF results come back as they are.
 */
export function withKeptMetadata(data: Buffer, format: string, kept: KeptMetadata, size: { width: number; height: number }): Buffer {
  if (nothingKept(kept)) return data;
  const tiff = writeExif(kept);
  const written =
    format === 'jpeg'
      ? insertJpegExif(data, tiff)
      : format === 'png'
        ? insertPngMetadata(data, tiff, pngTexts(kept))
        : format === 'webp'
          ? insertWebpExif(data, tiff, size)
          : null;
  return written ?? data;
}
