import { createRequire } from 'node:module';
import type Library from 'sharp';
import type { Sharp, SharpInput, SharpOptions } from 'sharp';
import type { RawImage } from './ssim.js';

const require = createRequire(import.meta.url);
let library: typeof Library | undefined;

/**
 * sharp and libvips, loaded at the first image this process touches: a web process that has not yet
 * inspected an upload does not map them (docs/decisions/0280-idle-memory-second-round.md). Only the
 * decoders of the formats we accept may ever see an upload: SVG (librsvg), PDF, PSD and the rest are
 * refused before they parse a byte, which also ends their cost (a hostile .svgz took 10 s).
 */
export function sharpLibrary(): typeof Library {
  if (library) return library;
  const loaded = require('sharp') as typeof Library;
  loaded.block({ operation: ['VipsForeignLoad'] });
  loaded.unblock({
    operation: [
      'VipsForeignLoadJpeg',
      'VipsForeignLoadPng',
      'VipsForeignLoadWebp',
      'VipsForeignLoadNsgif',
      'VipsForeignLoadHeif',
      'VipsForeignLoadTiff',
    ],
  });
  library = loaded;
  return loaded;
}

/** A sharp pipeline over `input`, as `sharp(input, options)`. */
export const sharp = (input?: SharpInput, options?: SharpOptions): Sharp => sharpLibrary()(input, options);

/** A pipeline over decoded pixels, for trial encodes that must not decode the file again. */
export function fromPixels(image: RawImage) {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels as 1 | 2 | 3 | 4 } });
}

/** The 8-bit pixels a pipeline ends in. */
export async function rawPixels(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A trial encode's pixels, to judge how it looks. */
export const decodePixels = (data: Buffer): Promise<RawImage> => rawPixels(sharp(data));
