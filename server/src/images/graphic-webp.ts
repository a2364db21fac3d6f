import { encode } from './encode.js';
import { fromPixels, sharp } from './loaders.js';
import type { QualityChoice } from './search.js';
import type { RawImage } from './ssim.js';

/**
 * `auto`'s palette WebP (docs/decisions/0292-graphics-as-palette-webp.md): the palette smart PNG's
 * search verified, its very pixels written as lossless WebP, whose colour-indexing transform and
 * entropy coding pack a palette image in fewer bytes than oxipng packs its PNG on most graphics. The
 * pixels, and so the look, are the palette's own.
 */

/** libwebp's lossless settings: effort 4 at quality 100 packed within 0.2 % of effort 5 on the tuning graphics, in a fifth of the time. */
const LOSSLESS = { lossless: true, effort: 4, quality: 100 } as const;

/** A palette PNG's pixels written as lossless WebP. */
export const webpOfPalette = (png: Buffer): Promise<Buffer> => sharp(png).webp(LOSSLESS).toBuffer();

/** A palette's decoded pixels written as lossless WebP, as webpOfPalette writes them. */
export const webpOfPixels = (pixels: RawImage): Promise<Buffer> => fromPixels(pixels).webp(LOSSLESS).toBuffer();

/** The palette PNG of `image` at the palette's setting, its pixels written as lossless WebP. */
export async function paletteAsWebp(image: RawImage, palette: QualityChoice): Promise<Buffer> {
  return webpOfPalette(await encode(fromPixels(image), 'png', palette.quality, palette.tuning).toBuffer());
}
