import sharp from 'sharp';
import { ssim, type RawImage } from '../server/src/images/ssim.js';

/** Windows overlap by half: the usual accuracy, as the brief asks. */
const BENCH_STRIDE = 4;

/** Full-resolution sRGB pixels, auto-oriented and composited over white, as a page shows the image. */
export async function pixelsOverWhite(data: Buffer): Promise<RawImage> {
  const { data: pixels, info } = await sharp(data, { limitInputPixels: false })
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: pixels, width: info.width, height: info.height, channels: info.channels };
}

/** SSIM of an encoded result against the original's pixels (from `pixelsOverWhite`). */
export async function similarityTo(original: RawImage, encoded: Buffer): Promise<number> {
  return ssim(original, await pixelsOverWhite(encoded), BENCH_STRIDE);
}
