import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ssim as independentSsim } from 'ssim.js';
import { describe, expect, it } from 'vitest';
import { SearchDeadline } from './deadline.js';
import type { EncodedFormat } from './encode.js';
import { encode } from './encode.js';
import { inspectImage } from './inspect.js';
import { fromPixels } from './loaders.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { luma, overWhite, ssim } from './ssim.js';

/**
 * Smart JPEG and `auto` never look worse than libjpeg-turbo q75, by our own measure (colour and luma
 * SSIM, what the search checks) and by an independent one (ssim.js, as the benchmark judges), on two
 * small photos searched whole: a camera JPEG (photo.jpg) and a photo stored as PNG (chelsea.png), and
 * `auto` on a 4 MP photo searched on a mosaic, whose finalists are judged whole (ladybird.jpg).
 * Without the search's look check the small ones fall to the bottom of the range and fail here.
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const PHOTOS = ['photo.jpg', 'decks/chelsea.png'];
const premium: EncodedFormat[] = ['jpeg', 'png', 'webp', 'avif'];
const smartJpeg: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'jpeg',
  quality: 'smart',
  maxBytes: null,
  keepMetadata: false,
};
const auto: OptimiseOptions = { ...smartJpeg, format: 'auto', autoFormats: premium };

async function pixels(data: Buffer) {
  const { data: raw, info } = await sharp(data)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return overWhite({ data: raw, width: info.width, height: info.height, channels: info.channels });
}

/** ssim.js as bench/judge.ts runs it (luma, 'fast'), at full size or at most `side` px, rounded to the 4 decimals the benchmark compares. */
async function judged(original: Buffer, result: Buffer, side?: number) {
  const rgba = async (data: Buffer) => {
    let pipeline = sharp(data).flatten({ background: '#ffffff' }).toColourspace('srgb');
    if (side) pipeline = pipeline.resize(side, side, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' });
    const { data: raw, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length), width: info.width, height: info.height };
  };
  return Math.round(independentSsim(await rgba(original), await rgba(result), { ssim: 'fast', downsample: false }).mssim * 1e4);
}

/** The four looks of a result next to libjpeg-turbo q75's: our colour and luma SSIM, and ssim.js. */
async function looks(original: Buffer, result: Buffer) {
  const source = await pixels(original);
  const turboFile = await sharp(original).flatten({ background: '#ffffff' }).jpeg({ quality: 75 }).toBuffer();
  const [ours, turbo] = [await pixels(result), await pixels(turboFile)];
  return {
    colour: ssim(source, ours) - ssim(source, turbo),
    luma: ssim(luma(source), luma(ours)) - ssim(luma(source), luma(turbo)),
    independent: (await judged(original, result)) - (await judged(original, turboFile)),
    independentPage: (await judged(original, result, 1600)) - (await judged(original, turboFile, 1600)),
  };
}

// A whole search per photo and mode, on a shared CI machine.
describe('smart JPEG and auto never look worse than libjpeg-turbo q75', { timeout: 180_000 }, () => {
  for (const name of PHOTOS) {
    for (const [mode, options] of [
      ['smart JPEG', smartJpeg],
      ['auto', auto],
    ] as const) {
      it(`${mode} on ${name}: at least libjpeg-turbo q75's look in colour, in luma and by ssim.js`, async () => {
        const original = await readFile(path.join(fixtures, name));
        const result = await optimiseImage(original, await inspectImage(original), options, SearchDeadline.none());
        expect(result.search).toBe('complete');
        const lead = await looks(original, result.data);
        expect(lead.colour).toBeGreaterThanOrEqual(0);
        expect(lead.luma).toBeGreaterThanOrEqual(0);
        expect(lead.independent).toBeGreaterThanOrEqual(0);
      });
    }
  }

  // Two ssim.js judgements of 4 MP and a whole search: minutes on a loaded machine.
  it(
    "auto on a 4 MP photo, its finalists judged on the whole photo: at least libjpeg-turbo q75's look at both scales",
    { timeout: 900_000 },
    async () => {
      // Above 1.1 MP the search judges a mosaic; finalists.ts then judges AVIF's lower qualities on the whole photo (decision 0139).
      const original = await readFile(path.join(fixtures, 'decks/ladybird.jpg'));
      const result = await optimiseImage(original, await inspectImage(original), auto, SearchDeadline.none());
      expect(result.search).toBe('complete');
      const lead = await looks(original, result.data);
      expect(lead.colour).toBeGreaterThanOrEqual(0);
      expect(lead.luma).toBeGreaterThanOrEqual(0);
      expect(lead.independent).toBeGreaterThanOrEqual(0);
      expect(lead.independentPage).toBeGreaterThanOrEqual(0);
    },
  );

  it('writes the reference itself with the very pixels of libjpeg-turbo q75, in fewer bytes', async () => {
    const { data, info } = await sharp(path.join(fixtures, 'photo.jpg')).raw().toBuffer({ resolveWithObject: true });
    const image = { data, width: info.width, height: info.height, channels: info.channels };
    const reference = await encode(fromPixels(image), 'jpeg', 75, { jpegTurbo: true }).toBuffer();
    const baseline = await fromPixels(image).jpeg({ quality: 75 }).toBuffer();
    expect((await sharp(reference).raw().toBuffer()).equals(await sharp(baseline).raw().toBuffer())).toBe(true);
    expect(reference.length).toBeLessThan(baseline.length);
  });
});
