import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.js';
import { outputForOriginal } from './formats.js';
import { decodeHeic, readHeif } from './heic.js';
import { inspectImage } from './inspect.js';
import { fixture } from './test-fixtures.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { overWhite, ssim } from './ssim.js';

// Made with heif-enc by server/test/fixtures/heic/make-fixtures.mjs (see LICENSES.txt).
const defaults: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'jpeg',
  quality: 90,
  maxBytes: null,
  keepMetadata: false,
};

async function optimiseHeic(name: string, options: Partial<OptimiseOptions> = {}) {
  const data = await fixture(`heic/${name}`);
  const info = await inspectImage(data);
  const result = await optimiseImage(data, info, { ...defaults, format: outputForOriginal(info.format, info.hasAlpha), ...options });
  return { info, result, meta: await sharp(result.data).metadata() };
}

async function pixels(data: Buffer) {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return overWhite({ data: raw, width: info.width, height: info.height, channels: info.channels });
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('HEIC uploads', () => {
  it('reads an iPhone-style HEIC photo and, keeping the original format, gives a JPEG that looks like it', async () => {
    const { info, result, meta } = await optimiseHeic('photo.heic');
    expect(info.format).toBe('heic');
    expect(result.format).toBe('jpeg');
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 214 });
    const source = await pixels(
      await sharp(await fixture('photo.jpg'))
        .resize(320)
        .toBuffer(),
    );
    expect(ssim(source, await pixels(result.data))).toBeGreaterThan(0.85);
  });

  it('converts to the other formats the plan allows', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const { meta } = await optimiseHeic('photo.heic', { format, width: 100 });
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
      expect(meta.width).toBe(100);
    }
  });

  it.each(['exif-orientation-6.heic', 'irot-and-exif-6.heic'])('turns %s upright once, never twice', async (name) => {
    const upright = await pixels(await fixture('orientation-1.jpg'));
    const { result, meta } = await optimiseHeic(name);
    expect(meta).toMatchObject({ width: 50, height: 70 });
    expect(ssim(upright, await pixels(result.data), 4)).toBeGreaterThan(0.9);
  });

  it('strips EXIF by default, and with "keep metadata" still comes out upright (its EXIF holds only orientation)', async () => {
    expect((await optimiseHeic('irot-and-exif-6.heic')).meta.exif).toBeUndefined();
    const kept = await optimiseHeic('irot-and-exif-6.heic', { keepMetadata: true });
    expect(kept.meta).toMatchObject({ width: 50, height: 70 });
    expect(kept.meta.orientation ?? 1).toBe(1);
  });

  it('takes the primary image of a file holding two', async () => {
    const { meta } = await optimiseHeic('two-images.heic');
    expect(meta).toMatchObject({ width: 50, height: 70 });
  });

  it('converts a Display P3 photo to sRGB colours instead of reading its numbers as sRGB', async () => {
    // The fixture is sRGB (230, 120, 40) written in Display P3 numbers (make-fixtures.mjs).
    const { result } = await optimiseHeic('display-p3.heic', { format: 'png', quality: 100 });
    const { dominant } = await sharp(result.data).stats();
    const inP3 = sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 230, g: 120, b: 40 } } }).withIccProfile('p3');
    const numbers = (await sharp(await inP3.png().toBuffer()).stats()).dominant;
    // Read as sRGB, the P3 numbers would be 10 or more levels off in red and blue: the test can tell.
    expect(Math.abs(numbers.r - 230) + Math.abs(numbers.b - 40)).toBeGreaterThan(20);
    expect(Math.abs(dominant.r - 230)).toBeLessThanOrEqual(6);
    expect(Math.abs(dominant.b - 40)).toBeLessThanOrEqual(6);
  });

  it('calls a cut-short or damaged HEIC damaged (422)', async () => {
    expect((await refusal(inspectImage(await fixture('heic/truncated.heic')))).code).toBe('undecodable_image');
    const photo = await fixture('heic/photo.heic');
    // Only the first bytes: ftyp says HEIC, the boxes stop.
    expect((await refusal(inspectImage(photo.subarray(0, 40)))).status).toBe(422);
  });

  it('refuses a HEIC whose header announces too many pixels before decoding it (413)', async () => {
    const photo = Buffer.from(await fixture('heic/photo.heic'));
    const ispe = photo.indexOf('ispe', 0, 'latin1');
    photo.writeUInt32BE(40_000, ispe + 8);
    photo.writeUInt32BE(40_000, ispe + 12);
    const error = await refusal(inspectImage(photo));
    expect(error.code).toBe('too_many_pixels');
    expect(error.status).toBe(413);
  });

  it('stops a decode that takes longer than its time limit, with 422', async () => {
    const data = await fixture('heic/photo.heic');
    const error = await refusal(decodeHeic(data, readHeif(data)!, { maxPixels: 1e8, timeoutMs: 1 }));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/too long/);
  });
});
