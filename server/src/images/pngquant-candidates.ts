import type { SearchDeadline } from './deadline.js';
import { fromPixels } from './loaders.js';
import { packPng } from './png-pack.js';
import { webpOfPalette, webpOfPixels } from './graphic-webp.js';
import { PACKED_SHARE_AT_LEAST, type ReferencePalette } from './smart-png.js';

/**
 * `auto`'s candidates from pngquant's own palette of the whole image, the very palette smart PNG takes
 * (docs/decisions/0288) and measures its look from, run once per job: as the packed PNG smart PNG
 * would write, and its pixels as lossless WebP for an image of more than 256 colours (decision 0292's
 * rule). They weigh against the search's other candidates by bytes on the same pixels: an image searched
 * whole by its whole files, which are then written as they are; an image searched on a mosaic of tiles,
 * by pngquant's pixels cut into the same mosaic and written the same way, the whole files made only for
 * the winner (docs/decisions/0300-auto-takes-pngquants-palette.md).
 */

export interface PngquantCandidate {
  format: 'png' | 'webp';
  /** Its bytes on the search's sample (the whole file when the image is searched whole). */
  bytes: number;
  /** The whole image's file, written as the result: the packed PNG, or the palette's pixels as lossless WebP. */
  file: () => Promise<Buffer>;
}

export interface PngquantWanted {
  /** Whether the image is searched whole (its sample is the image itself). */
  whole: boolean;
  /** The image's pixels, for packPng's limits. */
  pixels: number;
  png: boolean;
  webp: boolean;
  /** The bytes on the sample in hand: a candidate that cannot come under them is not written. */
  beat: number;
  deadline: SearchDeadline;
}

/**
 * Lossless WebP of a palette took 0.70–0.99× of its PNG packed by oxipng on the tuning graphics (decision
 * 0292), and oxipng 0.85–1× of pngquant's own file (0265): a WebP whose palette PNG (unpacked) is more
 * than twice the bytes in hand cannot win, and is not written.
 */
const WEBP_SHARE_AT_LEAST = 0.5;

/** Bytes that only win where nothing else was verified: pngquant's file past the deadline, its size on the mosaic unmeasured. */
const UNMEASURED = Number.MAX_SAFE_INTEGER;

/**
 * pngquant's palette as `auto`'s candidates, each with its bytes on the sample. Past the deadline no
 * file is written: the PNG as pngquant wrote it, where it also reaches the palette bar (0.985 in colour,
 * the look a search cut short promises a graphic, decision 0130), competes with its own bytes when the
 * image is searched whole, and stands in for lossless where nothing was verified.
 */
export async function pngquantCandidates(reference: ReferencePalette, wanted: PngquantWanted): Promise<PngquantCandidate[]> {
  const { palette, sampled } = reference;
  const { whole, pixels, beat, deadline } = wanted;
  const packed = (() => {
    let made: Promise<Buffer> | null = null;
    return () => (made ??= packPng(palette, pixels));
  })();
  if (deadline.passed)
    return wanted.png && reference.atPaletteBar ? [{ format: 'png', bytes: whole ? palette.length : UNMEASURED, file: packed }] : [];
  const found: PngquantCandidate[] = [];
  // On a mosaic, pngquant's pixels as a palette PNG of the sample, each colour kept (quality 100 on at most 256 colours).
  const samplePng = whole ? palette : await exactPalettePng(reference);
  if (wanted.png && samplePng.length * PACKED_SHARE_AT_LEAST < beat) {
    const bytes = whole ? (await packed()).length : (await packPng(samplePng, sampled.width * sampled.height)).length;
    found.push({ format: 'png', bytes, file: packed });
  }
  if (wanted.webp && samplePng.length * WEBP_SHARE_AT_LEAST < beat) {
    const webp = whole ? await webpOfPalette(palette) : null;
    const bytes = webp ? webp.length : (await webpOfPixels(sampled)).length;
    found.push({ format: 'webp', bytes, file: async () => webp ?? webpOfPalette(palette) });
  }
  return found;
}

/** pngquant's pixels cut as the sample is, as a palette PNG with their very colours (none added, none merged). */
function exactPalettePng({ sampled }: ReferencePalette): Promise<Buffer> {
  return fromPixels(sampled).png({ palette: true, quality: 100, colours: 256, dither: 0, effort: 10, compressionLevel: 9 }).toBuffer();
}
