import sharp from 'sharp';
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

export { sharp };
