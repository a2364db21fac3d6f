import sharp from 'sharp';
import { ssim as ssimJs } from 'ssim.js';

/**
 * pngquant's look for tests, judged by an implementation the engine does not use (ssim.js), as
 * bench/judge.ts judges graphics (docs/decisions/0132, 0157).
 */

/** The palette `pngquant --quality=65-80` makes: libimagequant aiming at 80, fully dithered; the pngquant tool itself is not needed. */
export const pngquantLike = (data: Buffer) =>
  sharp(data).png({ palette: true, quality: 80, dither: 1, effort: 7, compressionLevel: 9 }).toBuffer();

async function onBackground(data: Buffer, background: string) {
  const { data: raw, info } = await sharp(data)
    .flatten({ background })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length), width: info.width, height: info.height };
}

/** ssim.js of `result` against `original`, composited over white and over black, so a transparent result cannot pass on its colours alone. */
export async function looksOverWhiteAndBlack(original: Buffer, result: Buffer) {
  const over = async (background: string) =>
    ssimJs(await onBackground(original, background), await onBackground(result, background), { ssim: 'fast', downsample: false }).mssim;
  return { white: await over('#ffffff'), black: await over('#000000') };
}
