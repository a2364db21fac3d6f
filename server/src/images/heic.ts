import { Worker } from 'node:worker_threads';
import { crc32, deflateSync } from 'node:zlib';
import { AppError } from '../core/errors.js';
import { readHeif, type HeifFacts } from './heif-boxes.js';
import { PNG_SIGNATURE } from './integrity.js';
import { tooManyPixels, tooSlow } from './limits.js';
import { sharp } from './loaders.js';

/**
 * HEIC (HEVC in HEIF, every iPhone's photo format) is decoded by libheif compiled to WebAssembly,
 * in a worker thread, into a PNG that carries the photo's ICC profile and EXIF; from there on it is
 * processed like any other upload (docs/decisions/0065-heic-uploads.md).
 */

const TIFF_ORIENTATION = 0x0112;

/** Where IFD0's orientation value sits in a TIFF structure, or null. */
function orientationOffset(tiff: Buffer): { offset: number; little: boolean } | null {
  if (tiff.length < 8) return null;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === TIFF_ORIENTATION) return { offset: entry + 8, little };
  }
  return null;
}

export function exifOrientation(tiff: Buffer | null): number {
  const at = tiff && orientationOffset(tiff);
  if (!at) return 1;
  const value = at.little ? tiff.readUInt16LE(at.offset) : tiff.readUInt16BE(at.offset);
  return value >= 1 && value <= 8 ? value : 1;
}

/** A copy of the EXIF block that says "upright": the pixels it goes with are already turned. */
function uprightExif(tiff: Buffer): Buffer {
  const copy = Buffer.from(tiff);
  const at = orientationOffset(copy);
  if (at) {
    if (at.little) copy.writeUInt16LE(1, at.offset);
    else copy.writeUInt16BE(1, at.offset);
  }
  return copy;
}

/**
 * The orientation still to apply after decoding. libheif applies irot/imir; a file without them
 * whose EXIF says it is turned (some tools write only EXIF) is turned by the EXIF, as a JPEG would be.
 */
export function pendingOrientation(facts: HeifFacts): number {
  return facts.quarterTurns !== 0 || facts.mirrored ? 1 : exifOrientation(facts.exif);
}

/** Size after irot, as the decoder hands it over. */
export function decodedSize(facts: HeifFacts): { width: number; height: number } {
  return facts.quarterTurns % 2 ? { width: facts.height, height: facts.width } : { width: facts.width, height: facts.height };
}

export function damagedHeic(): AppError {
  return new AppError('undecodable_image', 'This HEIC photo could not be read. The file may be damaged or incomplete.').withParams({
    reason: 'heic',
  });
}

export { readHeif };

interface Decoded {
  width: number;
  height: number;
  hasAlpha: boolean;
  data: Uint8ClampedArray;
}

function decodeInWorker(data: Buffer, maxPixels: number, timeoutMs: number): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url), { workerData: { maxPixels } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(tooSlow());
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (result: Decoded | { error: string }) => {
      finish();
      if ('error' in result) {
        reject(result.error === 'pixel limit' ? tooManyPixels() : damagedHeic());
      } else {
        resolve(result);
      }
    });
    // The decoder running out of memory or failing to start is the file's fault as far as the user can tell.
    worker.once('error', () => {
      finish();
      reject(damagedHeic());
    });
    const copy = new Uint8Array(data);
    worker.postMessage(copy, [copy.buffer]);
  });
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/** Puts iCCP and eXIf chunks right after IHDR, where PNG wants them. */
function withChunks(png: Buffer, icc: Buffer | null, exif: Buffer | null): Buffer {
  const ihdrEnd = PNG_SIGNATURE.length + 8 + png.readUInt32BE(PNG_SIGNATURE.length) + 4;
  const extra: Buffer[] = [];
  if (icc) extra.push(pngChunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(icc)])));
  if (exif) extra.push(pngChunk('eXIf', exif));
  return Buffer.concat([png.subarray(0, ihdrEnd), ...extra, png.subarray(ihdrEnd)]);
}

/**
 * The primary image as a fast (uncompressed) PNG with the photo's ICC profile and EXIF: turned
 * by irot/imir already, its EXIF orientation left only where the file had no irot/imir.
 */
export async function decodeHeic(data: Buffer, facts: HeifFacts, limits: { maxPixels: number; timeoutMs: number }): Promise<Buffer> {
  const decoded = await decodeInWorker(data, limits.maxPixels, limits.timeoutMs);
  const rgba = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
  });
  const png = await (decoded.hasAlpha ? rgba : rgba.removeAlpha()).png({ compressionLevel: 0 }).toBuffer();
  const exif = facts.exif && (pendingOrientation(facts) === 1 ? uprightExif(facts.exif) : facts.exif);
  return withChunks(png, facts.icc, exif);
}
