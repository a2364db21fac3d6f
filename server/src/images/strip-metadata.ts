import { crc32 } from 'node:zlib';
import { writeExif } from './exif.js';
import { metadataExtents } from './heif-boxes.js';
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

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;
const GIF_COMMENT = 0xfe;
const GIF_APPLICATION = 0xff;
/** Application extensions that change how the GIF shows: the loop count (two spellings) and the ICC profile. */
const GIF_KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);

/**
 * Drops comments and application extensions other than the loop count and the ICC profile (XMP among
 * them), and ends the file at its trailer (written when a whole last frame lacks it, as browsers read
 * such a file). Null when a block is cut short or unknown, so the caller keeps its re-encode.
 */
export function stripGifMetadata(data: Buffer): Buffer | null {
  if (data.length < 13 || !/^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) return null;
  const tableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let offset = 13 + tableBytes(data[10]!);
  const kept: Buffer[] = [data.subarray(0, offset)];
  /** The end of a run of sub-blocks starting at `from`, or -1 when it runs past the file. */
  const subBlocksEnd = (from: number) => {
    let at = from;
    while (at < data.length) {
      const size = data[at]!;
      at += 1 + size;
      if (size === 0) return at <= data.length ? at : -1;
    }
    return -1;
  };
  while (offset < data.length) {
    const block = data[offset]!;
    if (block === GIF_TRAILER) break;
    let end: number;
    let keep = true;
    if (block === GIF_EXTENSION && offset + 2 < data.length) {
      const label = data[offset + 1]!;
      end = subBlocksEnd(offset + 2);
      const application = label === GIF_APPLICATION && data[offset + 2] === 11 ? data.toString('latin1', offset + 3, offset + 14) : null;
      keep = label !== GIF_COMMENT && (label !== GIF_APPLICATION || (application !== null && GIF_KEPT_APPLICATIONS.has(application)));
    } else if (block === GIF_IMAGE && offset + 10 < data.length) {
      // Descriptor (10 bytes), local colour table, LZW minimum code size, then the data's sub-blocks.
      end = subBlocksEnd(offset + 10 + tableBytes(data[offset + 9]!) + 1);
    } else {
      return null;
    }
    if (end < 0) return null;
    if (keep) kept.push(data.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat([...kept, Buffer.from([GIF_TRAILER])]);
}

/** An EXIF item with a TIFF header and no field: a 4-byte offset to it, 'MM\0*', IFD0 at 8 with no entries, no next IFD. */
const EMPTY_EXIF = Buffer.from([0, 0, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]);
const EMPTY_XMP = Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>', 'latin1');

/**
 * The AVIF with its EXIF and XMP items blanked in place (an empty TIFF, an empty XMP packet padded with
 * spaces), so no offset in the file moves and the picture's own bytes stay as they were. Null when the
 * items cannot be found safely.
 */
export function stripAvifMetadata(data: Buffer): Buffer | null {
  const extents = metadataExtents(data);
  if (!extents) return null;
  const copy = Buffer.from(data);
  for (const { offset, length, kind } of extents) {
    copy.fill(kind === 'exif' ? 0 : 0x20, offset, offset + length);
    const blank = kind === 'exif' ? EMPTY_EXIF : EMPTY_XMP;
    if (blank.length <= length) blank.copy(copy, offset);
  }
  return copy;
}

export function stripMetadata(format: string, data: Buffer): Buffer | null {
  if (format === 'jpeg') return stripJpegMetadata(data);
  if (format === 'png') return stripPngMetadata(data);
  if (format === 'webp') return stripWebpMetadata(data);
  if (format === 'gif') return stripGifMetadata(data);
  if (format === 'avif') return stripAvifMetadata(data);
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
