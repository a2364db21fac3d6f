import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { looksOverWhiteAndBlack as looks, pngquantLike } from '../../test/pngquant-look.js';
import { SearchDeadline } from './deadline.js';
import { inspectImage } from './inspect.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { usePngquantCommand } from './pngquant.js';

/**
 * Graphics keep pngquant's look (docs/decisions/0132): judged as the benchmark judges them, by ssim.js
 * on the picture composited over white and over black, against the palette Debian's pngquant itself
 * makes (docs/decisions/0288).
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const smartPng: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'png',
  quality: 'smart',
  maxBytes: null,
  keepMetadata: false,
};
const rgba = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();
const auto: OptimiseOptions = { ...smartPng, format: 'auto', autoFormats: ['jpeg', 'png', 'webp', 'avif'] };

/** A white logo with a wide soft edge (alpha falling from 255 to 0) around a dark blue square: over white its edge is invisible. */
async function softEdgedLogo(): Promise<Buffer> {
  const side = 240;
  const data = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = (y * side + x) * 4;
      const distance = Math.hypot(x - side / 2, y - side / 2);
      const square = Math.abs(x - side / 2) < 30 && Math.abs(y - side / 2) < 30;
      data.set(square ? [20, 40, 120, 255] : [255, 255, 255, Math.round(255 * Math.min(1, Math.max(0, (110 - distance) / 70)))], at);
    }
  }
  return sharp(data, { raw: { width: side, height: side, channels: 4 } })
    .png()
    .toBuffer();
}

describe('graphics keep pngquant’s look (docs/decisions/0132)', { timeout: 180_000 }, () => {
  it('keeps a transparent logo’s soft edge: over black as well as over white, never below pngquant’s palette', async () => {
    const logo = await softEdgedLogo();
    const reference = await looks(logo, await pngquantLike(logo));
    const info = await inspectImage(logo);
    for (const options of [smartPng, auto]) {
      const result = await optimiseImage(logo, info, options, SearchDeadline.none());
      expect((await sharp(result.data).metadata()).hasAlpha).toBe(true);
      const ours = await looks(logo, result.data);
      // Judged over white alone, a 30-quality palette passed here with its alpha cut into bands.
      expect(ours.black).toBeGreaterThanOrEqual(reference.black);
      expect(ours.white).toBeGreaterThanOrEqual(reference.white);
    }
  });

  it('never gives a screenshot a look below pngquant’s palette, in smart PNG or in auto', async () => {
    const screenshot = await readFile(path.join(fixtures, 'screenshot.png'));
    const reference = await looks(screenshot, await pngquantLike(screenshot));
    const info = await inspectImage(screenshot);
    for (const options of [smartPng, auto]) {
      const result = await optimiseImage(screenshot, info, options, SearchDeadline.none());
      const ours = await looks(screenshot, result.data);
      // Against the fixed palette bar alone, smart PNG chose a 51-quality palette here: ssim.js 0.9848 against 0.9899.
      expect(ours.white).toBeGreaterThanOrEqual(reference.white);
      expect(ours.black).toBeGreaterThanOrEqual(reference.black);
      expect(result.data.length).toBeLessThan(screenshot.length);
    }
  });

  it('holds a photo cut out with transparency to pngquant’s look in auto, however many its colours', async () => {
    // The test photo at 200 px inside a soft-edged circle: a product shot on a transparent page.
    const photo = await sharp(path.join(fixtures, 'photo.jpg')).resize(200, 200, { fit: 'cover' }).ensureAlpha().raw().toBuffer();
    for (let i = 0; i < 200 * 200; i++) {
      const distance = Math.hypot((i % 200) - 100, Math.floor(i / 200) - 100);
      photo[i * 4 + 3] = Math.round(255 * Math.min(1, Math.max(0, (95 - distance) / 15)));
    }
    const cutout = await sharp(photo, { raw: { width: 200, height: 200, channels: 4 } })
      .png()
      .toBuffer();
    const reference = await looks(cutout, await pngquantLike(cutout));
    const result = await optimiseImage(cutout, await inspectImage(cutout), auto, SearchDeadline.none());
    const ours = await looks(cutout, result.data);
    expect(ours.white).toBeGreaterThanOrEqual(reference.white);
    expect(ours.black).toBeGreaterThanOrEqual(reference.black);
  });

  it('returns a verified result when the deadline has passed: pngquant’s own palette, else the original’s pixels', async () => {
    const logo = await softEdgedLogo();
    const info = await inspectImage(logo);
    const deadline = SearchDeadline.in(0);
    const result = await optimiseImage(logo, info, smartPng, deadline);
    expect(deadline.outcome).toBe('cut short');
    // The graphics' reference itself, at its look by definition (decision 0288): the same pixels as pngquant's.
    expect(await rgba(result.data)).toEqual(await rgba(await pngquantLike(logo)));
    expect(result.data.length).toBeLessThan((await pngquantLike(logo)).length);
    try {
      usePngquantCommand('/nonexistent/pngquant');
      const without = await optimiseImage(logo, info, smartPng, SearchDeadline.in(0));
      expect(without.similarity).toBe(1);
      expect(await looks(logo, without.data)).toEqual({ white: 1, black: 1 });
    } finally {
      usePngquantCommand(null);
    }
  });
});
