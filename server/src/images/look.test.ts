import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SearchDeadline } from './deadline.js';
import { inspectImage } from './inspect.js';
import { fixture } from './test-fixtures.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { overWhite, ssim } from './ssim.js';

const jpeg: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'jpeg',
  quality: 75,
  maxBytes: null,
  keepMetadata: false,
};

async function pixels(data: Buffer) {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return overWhite({ data: raw, width: info.width, height: info.height, channels: info.channels });
}

describe('the look a result carries (docs/decisions/0131)', { timeout: 120_000 }, () => {
  it('measures a fixed quality once: lower quality, lower similarity, and the same SSIM as measuring the file itself', async () => {
    const photo = await fixture('photo.jpg');
    const info = await inspectImage(photo);
    const high = await optimiseImage(photo, info, { ...jpeg, quality: 90 });
    const low = await optimiseImage(photo, info, { ...jpeg, quality: 20 });
    expect(low.similarity).toBeLessThan(high.similarity);
    expect(high.similarity).toBeLessThan(1);
    // 640 px: page size is full size, so the measurement is the result's colour SSIM against the original, rounded down.
    const measured = ssim(await pixels(photo), await pixels(low.data));
    expect(low.similarity).toBeLessThanOrEqual(measured);
    expect(low.similarity).toBeGreaterThan(measured - 0.0002);
  });

  it('decodes a fixed quality once and writes the very file an encode from the upload writes, its look measured (decision 0159)', async () => {
    const photo = await fixture('photo.jpg');
    const info = await inspectImage(photo);
    for (const [format, fromUpload] of [
      ['jpeg', () => sharp(photo).rotate().jpeg({ quality: 75, mozjpeg: true }).toBuffer()],
      ['webp', () => sharp(photo).rotate().webp({ quality: 75, effort: 4, smartSubsample: true }).toBuffer()],
    ] as const) {
      const result = await optimiseImage(photo, info, { ...jpeg, format });
      expect(result.data.equals(await fromUpload())).toBe(true);
      expect(result.similarity).toBeGreaterThan(0.8);
      expect(result.similarity).toBeLessThan(1);
    }
  });

  it('carries the score smart mode chose by: at least libjpeg-turbo q75’s', async () => {
    const photo = await fixture('photo.jpg');
    const result = await optimiseImage(photo, await inspectImage(photo), { ...jpeg, quality: 'smart' }, SearchDeadline.none());
    const turbo = ssim(await pixels(photo), await pixels(await sharp(photo).jpeg({ quality: 75 }).toBuffer()));
    expect(result.similarity).toBeGreaterThanOrEqual(turbo - 0.0005);
    expect(result.similarity).toBeLessThan(1);
  });

  it('says 1 for lossless and for the original returned as it was', async () => {
    const text = await fixture('text.png');
    const lossless = await optimiseImage(text, await inspectImage(text), { ...jpeg, format: 'png', quality: 100 });
    expect(lossless.similarity).toBe(1);
    const small = await sharp(await fixture('photo.jpg'))
      .resize(64)
      .jpeg({ quality: 30 })
      .toBuffer();
    const kept = await optimiseImage(small, await inspectImage(small), { ...jpeg, quality: 100 });
    expect(kept).toMatchObject({ alreadyOptimal: true, similarity: 1 });
  });
});
