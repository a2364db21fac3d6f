import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/helpers.js';
import { optimisePicture } from './deck-media.js';
import { overWhite, ssim, type RawImage } from './ssim.js';

async function pixels(data: Buffer, size?: { width: number; height: number }): Promise<RawImage> {
  let pipeline = sharp(data).toColourspace('srgb');
  if (size) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
  const { data: raw, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return overWhite({ data: raw, width: info.width, height: info.height, channels: info.channels });
}

describe('a deck picture', () => {
  it('stored as a PNG photo becomes a JPEG of the same pixels that looks like it', async () => {
    const original = await fixture('decks/chelsea.png');
    const outcome = await optimisePicture(original, null);
    if (!outcome.changed) throw new Error(`left alone: ${outcome.reason}`);
    expect(outcome).toMatchObject({ format: 'jpeg', converted: true, resized: false });
    expect((await sharp(outcome.data).metadata()).format).toBe('jpeg');
    expect(outcome.data.length).toBeLessThan(original.length / 4);
    expect(ssim(await pixels(original), await pixels(outcome.data))).toBeGreaterThan(0.93);
  });

  it('that is a transparent graphic stays a PNG, with a palette that looks the same and its transparency', async () => {
    const original = await fixture('alpha.png');
    const outcome = await optimisePicture(original, null);
    if (!outcome.changed) throw new Error(`left alone: ${outcome.reason}`);
    expect(outcome).toMatchObject({ format: 'png', converted: false });
    const meta = await sharp(outcome.data).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true, width: 386, height: 395 });
    expect(meta.isPalette).toBe(true);
    expect(ssim(await pixels(original), await pixels(outcome.data))).toBeGreaterThanOrEqual(0.985);
  });

  it('placed small is resized to the pixels its use needs, and never enlarged', async () => {
    const original = await fixture('decks/ladybird.jpg');
    const small = await optimisePicture(original, { width: 640, height: 400 });
    if (!small.changed) throw new Error(`left alone: ${small.reason}`);
    expect(small).toMatchObject({ format: 'jpeg', resized: true, converted: false });
    expect(await sharp(small.data).metadata()).toMatchObject({ width: 640, height: 400 });
    expect(ssim(await pixels(original, { width: 640, height: 400 }), await pixels(small.data))).toBeGreaterThan(0.93);

    const large = await optimisePicture(original, { width: 5120, height: 3200 });
    if (large.changed) expect(await sharp(large.data).metadata()).toMatchObject({ width: 2560, height: 1600 });
    expect(large.changed && large.resized).toBe(false);
  });
});
