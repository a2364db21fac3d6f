import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { outputForOriginal } from './formats.js';
import { inspectImage } from './inspect.js';
import { fixture } from './test-fixtures.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { stripGifMetadata } from './strip-metadata.js';

/**
 * Smart and a fixed quality never hand back more bytes than the upload in its own format, for GIF and
 * AVIF as for JPEG, PNG and WebP (docs/decisions/0256): frames-optimised.gif (gifsicle's cropped frames)
 * and compressed-metadata.avif (quality 15) both grew when written again.
 */

const defaults: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'jpeg',
  quality: 'smart',
  maxBytes: null,
  keepMetadata: false,
};

async function optimise(data: Buffer, quality: OptimiseOptions['quality']) {
  const info = await inspectImage(data);
  return optimiseImage(data, info, { ...defaults, format: outputForOriginal(info.format, info.hasAlpha), quality });
}

/** A GIF comment block after the header and global colour table (13 + its size), as editors write them. */
function withComment(gif: Buffer, text: string): Buffer {
  const table = gif[10]! & 0x80 ? 3 * 2 ** ((gif[10]! & 0x07) + 1) : 0;
  const at = 13 + table;
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), Buffer.from(text, 'latin1'), Buffer.from([0])]);
  return Buffer.concat([gif.subarray(0, at), comment, gif.subarray(at)]);
}

const frames = async (data: Buffer) => {
  const { data: raw, info } = await sharp(data, { animated: true }).raw().toBuffer({ resolveWithObject: true });
  return { raw, pages: info.pages };
};

describe('a result never larger than the upload in its own format', () => {
  it.each(['smart', 75] as const)(
    'keeps a GIF whose frames are already cropped, without its comment, every frame as it was (%s)',
    async (quality) => {
      const upload = await fixture('frames-optimised.gif');
      const commented = withComment(upload, 'Secret comment');
      const result = await optimise(commented, quality);
      expect(result.format).toBe('gif');
      expect(result.alreadyOptimal).toBe(true);
      expect(result.data.length).toBeLessThanOrEqual(commented.length);
      expect(result.data.equals(upload)).toBe(true);
      expect(result.data.includes('Secret')).toBe(false);
      const [before, after] = [await frames(upload), await frames(result.data)];
      expect(after.pages).toBe(56);
      expect(after.raw.equals(before.raw)).toBe(true);
    },
  );

  it('still writes a GIF again when that is smaller', async () => {
    const upload = await fixture('animated.gif');
    const result = await optimise(upload, 'smart');
    expect(result.alreadyOptimal).toBe(false);
    expect(result.data.length).toBeLessThan(upload.length);
  });

  it.each(['smart', 75] as const)('keeps an AVIF already compressed harder, with its EXIF and XMP blanked (%s)', async (quality) => {
    const upload = await fixture('compressed-metadata.avif');
    expect(upload.includes('Secret')).toBe(true);
    const result = await optimise(upload, quality);
    expect(result.format).toBe('avif');
    expect(result.alreadyOptimal).toBe(true);
    expect(result.data.length).toBeLessThanOrEqual(upload.length);
    expect(result.data.includes('Secret')).toBe(false);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([320, 214]);
    const pixels = (data: Buffer) => sharp(data).raw().toBuffer();
    expect((await pixels(result.data)).equals(await pixels(upload))).toBe(true);
  });

  it('still writes an AVIF again when that is smaller', async () => {
    const upload = await fixture('still.avif');
    const result = await optimise(upload, 'smart');
    expect(result.alreadyOptimal).toBe(false);
    expect(result.data.length).toBeLessThan(upload.length);
  });

  it('ends a GIF at its trailer, writes one after a whole last frame, and refuses one cut inside a block', async () => {
    const gif = await fixture('animated.gif');
    expect(stripGifMetadata(Buffer.concat([gif, Buffer.from('<html>')]))!.equals(gif)).toBe(true);
    expect(stripGifMetadata(gif.subarray(0, gif.length - 1))!.equals(gif)).toBe(true);
    expect(stripGifMetadata(gif.subarray(0, gif.length - 20))).toBeNull();
    expect(stripGifMetadata(Buffer.from('not a gif at all'))).toBeNull();
  });
});
