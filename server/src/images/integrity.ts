import type { InputFormat } from './formats.js';

/**
 * Checks libvips leaves to us: a PNG or GIF cut short decodes without a word (the missing rows come
 * out black, the missing frames are dropped), and a damaged file of a kind we accept should be called
 * damaged, not unsupported.
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngChunk {
  type: string;
  /** Offsets of the whole chunk (length, type, data, CRC) in the file. */
  start: number;
  end: number;
}

/** The chunks up to and including IEND; null when the data is not a PNG or ends before a whole IEND. */
export function pngChunks(data: Buffer): PngChunk[] | null {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset + 12 <= data.length) {
    const end = offset + 12 + data.readUInt32BE(offset);
    if (end > data.length) return null;
    const type = data.toString('latin1', offset + 4, offset + 8);
    chunks.push({ type, start: offset, end });
    if (type === 'IEND') return chunks;
    offset = end;
  }
  return null;
}

const GIF_TRAILER = 0x3b;
const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;

/** Bytes of a colour table announced in a GIF packed-fields byte (0 when there is none). */
function colourTableBytes(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/**
 * Whether a GIF stops inside a block. A file that ends after a whole frame without its trailer is
 * accepted, as browsers do; a block type we do not know is left for the decoder to judge.
 */
function gifCutShort(data: Buffer): boolean {
  let offset = 13;
  if (data.length < offset) return true;
  offset += colourTableBytes(data[10]!);
  const skipSubBlocks = () => {
    while (offset < data.length) {
      const size = data[offset]!;
      offset += 1 + size;
      if (size === 0) return true;
    }
    return false;
  };
  while (offset < data.length) {
    const block = data[offset]!;
    if (block === GIF_TRAILER) return false;
    if (block === GIF_EXTENSION) {
      offset += 2;
      if (!skipSubBlocks()) return true;
    } else if (block === GIF_IMAGE) {
      if (offset + 10 > data.length) return true;
      offset += 10 + colourTableBytes(data[offset + 9]!) + 1;
      if (!skipSubBlocks()) return true;
    } else {
      return false;
    }
  }
  return offset > data.length;
}

/** True when a PNG or GIF ends before its last chunk or block is whole. */
export function isCutShort(format: InputFormat, data: Buffer): boolean {
  if (format === 'png') return pngChunks(data) === null;
  if (format === 'gif') return gifCutShort(data);
  return false;
}

/** HEIF brands that carry HEVC, which our libvips cannot decode (AVIF's brands are avif/avis). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/**
 * The format the first bytes announce: one we accept, an animated AVIF or a HEIC photo (both
 * refused with their own message), or null for anything else.
 */
export function sniffFormat(data: Buffer): InputFormat | 'avif-sequence' | 'heic' | null {
  const text = (start: number, end: number) => data.toString('latin1', start, end);
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'gif';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  if (text(0, 4) === 'II*\0' || text(0, 4) === 'MM\0*') return 'tiff';
  if (text(4, 8) === 'ftyp') {
    const brand = text(8, 12);
    if (brand === 'avis') return 'avif-sequence';
    if (brand === 'avif') return 'avif';
    if (HEIC_BRANDS.has(brand)) return 'heic';
  }
  return null;
}
