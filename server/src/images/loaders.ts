import sharp, { type Sharp } from 'sharp';
import type { RawImage } from './ssim.js';

/**
 * Only the decoders of the formats we accept may ever see an upload: SVG (librsvg), PDF, PSD and the
 * rest are refused before they parse a byte, which also ends their cost (a hostile .svgz took 10 s).
 */
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadJpeg',
    'VipsForeignLoadPng',
    'VipsForeignLoadWebp',
    'VipsForeignLoadNsgif',
    'VipsForeignLoadHeif',
    'VipsForeignLoadTiff',
  ],
});

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

export { sharp };
