import exifReader from 'exif-reader';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { ssim as ssimJs } from 'ssim.js';
import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.js';
import { outputForOriginal } from './formats.js';
import { inspectImage } from './inspect.js';
import { fixture } from './test-fixtures.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { overWhite, ssim } from './ssim.js';

const defaults: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'jpeg',
  quality: 75,
  maxBytes: null,
  keepMetadata: false,
};

async function optimise(name: string, options: Partial<OptimiseOptions>) {
  const data = await fixture(name);
  const info = await inspectImage(data);
  const result = await optimiseImage(data, info, {
    ...defaults,
    format: options.format ?? outputForOriginal(info.format, info.hasAlpha),
    ...options,
  });
  return { data, info, result, meta: await sharp(result.data, { animated: true }).metadata() };
}

async function pixels(data: Buffer) {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return overWhite({ data: raw, width: info.width, height: info.height, channels: info.channels });
}

/** ssim.js ('fast', luma), the benchmark's judge, optionally with both images reduced to `side` px on the long side. */
async function judged(original: Buffer, encoded: Buffer, side?: number): Promise<number> {
  const rgba = async (data: Buffer) => {
    const pipeline = sharp(data).flatten({ background: '#ffffff' });
    if (side) pipeline.resize(side, side, { fit: 'inside', kernel: 'lanczos3' });
    const { data: raw, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8ClampedArray(raw), width: info.width, height: info.height };
  };
  return ssimJs(await rgba(original), await rgba(encoded), { ssim: 'fast', downsample: false }).mssim;
}

async function expectRejected(work: Promise<unknown>, code: string) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('formats in and out', () => {
  it.each([
    ['photo.jpg', 'jpeg', 640, 427],
    ['progressive.jpg', 'jpeg', 150, 103],
    ['cmyk.jpg', 'jpeg', 150, 103],
    ['grey.jpg', 'jpeg', 150, 103],
    ['rgba16.png', 'png', 32, 32],
    ['palette-trns.png', 'png', 32, 32],
    ['interlaced.png', 'png', 31, 31],
    ['lossy.webp', 'webp', 150, 100],
    ['still.avif', 'avif', 320, 180],
    ['still.tiff', 'jpeg', 150, 103],
  ])('reads %s and keeps its format (%s)', async (name, format, width, height) => {
    const { meta } = await optimise(name, {});
    expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
    expect(meta).toMatchObject({ width, height });
  });

  it('converts CMYK to sRGB and keeps grey images grey', async () => {
    expect((await optimise('cmyk.jpg', {})).meta.space).toBe('srgb');
    expect((await optimise('grey.jpg', {})).meta).toMatchObject({ space: 'b-w', channels: 1 });
  });

  it('writes 16-bit PNG as 8-bit and keeps its transparency', async () => {
    const { meta } = await optimise('rgba16.png', { quality: 100 });
    expect(meta).toMatchObject({ depth: 'uchar', hasAlpha: true });
  });

  it('keeps transparency in PNG and WebP, and flattens it on white for JPEG', async () => {
    expect((await optimise('alpha.png', { format: 'webp' })).meta.hasAlpha).toBe(true);
    expect((await optimise('palette-trns.png', { format: 'png' })).meta.hasAlpha).toBe(true);
    const jpeg = await optimise('alpha.png', { format: 'jpeg' });
    expect(jpeg.meta.hasAlpha).toBe(false);
  });

  it('converts an embedded colour profile to sRGB pixels', async () => {
    const { meta } = await optimise('icc.jpg', {});
    expect(meta.space).toBe('srgb');
    expect(meta.icc).toBeUndefined();
  });

  it('keeps every frame of an animated GIF and WebP', async () => {
    const gif = await optimise('animated.gif', {});
    expect(gif.meta).toMatchObject({ format: 'gif', pages: 24, width: 14 });
    const webp = await optimise('animated.webp', { format: 'webp', width: 175 });
    expect(webp.meta).toMatchObject({ format: 'webp', pages: 56, width: 175 });
    expect(webp.result).toMatchObject({ width: 175, height: 95 });
    const toWebp = await optimise('animated.gif', { format: 'webp' });
    expect(toWebp.meta.pages).toBe(24);
  });

  it('takes the first frame when the output format cannot animate', async () => {
    const { meta } = await optimise('animated.gif', { format: 'png' });
    expect(meta).toMatchObject({ format: 'png', width: 14, height: 25 });
    expect(meta.pages ?? 1).toBe(1);
  });
});

describe('orientation', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('turns EXIF orientation %i into upright pixels', async (orientation) => {
    const upright = await pixels(await fixture('orientation-1.jpg'));
    const { result, meta } = await optimise(`orientation-${orientation}.jpg`, { quality: 95 });
    expect(meta).toMatchObject({ width: 50, height: 70 });
    expect(meta.orientation ?? 1).toBe(1);
    expect(ssim(upright, await pixels(result.data), 4)).toBeGreaterThan(0.9);
  });
});

describe('metadata', () => {
  it('strips EXIF and XMP by default and keeps the camera, date, location and copyright fields on request, upright', async () => {
    const stripped = await optimise('exif-camera.jpg', {});
    expect(stripped.meta.exif).toBeUndefined();
    const kept = await optimise('orientation-6.jpg', { keepMetadata: true });
    expect(kept.meta.exif).toBeDefined();
    expect(kept.meta).toMatchObject({ width: 50, height: 70, orientation: 1 });
    const camera = await optimise('exif-camera.jpg', { keepMetadata: true });
    const fields = exifReader(camera.meta.exif!);
    expect([fields.Image?.Make, fields.Photo?.DateTimeOriginal?.toISOString()]).toEqual(['NIKON CORPORATION', '2003-11-23T18:07:37.000Z']);
    // What is not one of those fields goes: XMP, the maker's notes, the thumbnail.
    expect([camera.meta.xmp, fields.Photo?.MakerNote, fields.Thumbnail]).toEqual([undefined, undefined, undefined]);
  });
});

describe('smart lightening and target size', () => {
  it('looks at least as good as libjpeg-turbo at quality 75 to an independent judge (ssim.js)', async () => {
    const { data, result } = await optimise('photo.jpg', { quality: 'smart' });
    const turbo = await sharp(data).jpeg({ quality: 75 }).toBuffer();
    expect(await judged(data, result.data)).toBeGreaterThanOrEqual((await judged(data, turbo)) - 0.00005);
    expect(result.quality).toBeGreaterThanOrEqual(30);
  });

  it('gives smart AVIF (its own quality scale, tuned for SSIM) at least libjpeg-turbo q75’s look to ssim.js', async () => {
    const { data, result } = await optimise('photo.jpg', { quality: 'smart', format: 'avif' });
    expect((await sharp(result.data).metadata()).compression).toBe('av1');
    const turbo = await sharp(data).jpeg({ quality: 75 }).toBuffer();
    expect(await judged(data, result.data)).toBeGreaterThanOrEqual((await judged(data, turbo)) - 0.00005);
  });

  it(
    'judges a photo over 1.1 MP on its tile mosaic: as close as q75 at full size and at page size (1600 px)',
    { timeout: 120_000 },
    async () => {
      // 3×3 copies of the rocket photo, mirrored in turn: a 2.5 MP photo without a large fixture.
      const photo = await fixture('photo.jpg');
      const flipped = await sharp(photo).flop().toBuffer();
      const tiles = Array.from({ length: 9 }, (_, i) => ({
        input: i % 2 ? flipped : photo,
        left: (i % 3) * 640,
        top: Math.floor(i / 3) * 427,
      }));
      const large = await sharp({ create: { width: 1920, height: 1281, channels: 3, background: '#000' } })
        .composite(tiles)
        .jpeg({ quality: 92 })
        .toBuffer();
      const result = await optimiseImage(large, await inspectImage(large), { ...defaults, quality: 'smart' });
      const turbo = await sharp(large).jpeg({ quality: 75 }).toBuffer();
      for (const side of [undefined, 1600]) {
        expect(await judged(large, result.data, side), `at ${side ?? 'full'} px`).toBeGreaterThanOrEqual(
          (await judged(large, turbo, side)) - 0.00005,
        );
      }
    },
  );

  it('keeps smart settings within a target size', async () => {
    const { result: smart } = await optimise('photo.jpg', { quality: 'smart' });
    const maxBytes = Math.round(smart.data.length * 0.8);
    const { result } = await optimise('photo.jpg', { quality: 'smart', maxBytes });
    expect(result.data.length).toBeLessThanOrEqual(maxBytes);
    expect(result.quality).toBeLessThan(smart.quality);
  });

  it('gives PNG graphics a palette only when it looks the same, else keeps them lossless', async () => {
    for (const name of ['alpha.png', 'palette-trns.png']) {
      const { result } = await optimise(name, { quality: 'smart' });
      const original = await pixels(await fixture(name));
      const similarity = ssim(original, await pixels(result.data), 8);
      if (result.quality === 100) expect(similarity).toBe(1);
      else expect(similarity).toBeGreaterThanOrEqual(0.985);
    }
  });

  it('fits a target size with the largest quality that fits', async () => {
    const { result } = await optimise('photo.jpg', { maxBytes: 20_000 });
    expect(result.data.length).toBeLessThanOrEqual(20_000);
    expect(result.quality).toBeLessThan(75);
    const oneStepUp = await sharp(await fixture('photo.jpg'))
      .jpeg({ quality: result.quality + 5, mozjpeg: true })
      .toBuffer();
    expect(oneStepUp.length).toBeGreaterThan(20_000);
  });

  it('says clearly when no setting reaches the target size', async () => {
    await expectRejected(optimise('photo.jpg', { maxBytes: 500 }), 'target_unreachable');
  });
});

describe('hostile and broken files', () => {
  it('never hands SVG, compressed SVG or other formats to a decoder', async () => {
    const svg = await fixture('drawing.svg');
    for (const data of [svg, gzipSync(svg), Buffer.from('%PDF-1.4\n'), await fixture('colormap.bmp')]) {
      await expectRejected(inspectImage(data), 'unsupported_file_type');
    }
  });

  it('rejects corrupt and truncated data with 422, not a crash', async () => {
    for (const name of ['bad-crc.png', 'corrupt.jpg']) await expectRejected(optimise(name, {}), 'undecodable_image');
    for (const [name, format] of [
      ['alpha.png', 'png'],
      ['progressive.jpg', 'jpeg'],
    ] as const) {
      const whole = await fixture(name);
      const cut = whole.subarray(0, whole.length / 2);
      await expectRejected(
        inspectImage(cut).then((info) => optimiseImage(cut, info, { ...defaults, format })),
        'undecodable_image',
      );
    }
  });

  it('refuses a PNG or GIF cut short, which the decoder would fill with black or fewer frames', async () => {
    // Its image data stops a third of the way down, and its IEND chunk has no CRC.
    await expectRejected(inspectImage(await fixture('truncated.png')), 'undecodable_image');
    const gif = await fixture('animated.gif');
    for (const share of [0.3, 0.6, 0.99]) {
      await expectRejected(inspectImage(gif.subarray(0, Math.floor(gif.length * share))), 'undecodable_image');
    }
    // A GIF whose last frame is whole but whose trailer byte is missing is read, as browsers do.
    expect((await inspectImage(gif.subarray(0, gif.length - 1))).pages).toBe(24);
  });

  it('calls a damaged file of an accepted kind damaged (422), not unsupported', async () => {
    const tiff = await fixture('still.tiff');
    await expectRejected(inspectImage(tiff.subarray(0, tiff.length / 2)), 'undecodable_image');
  });

  it('refuses an animated AVIF with 415 and says how animations are accepted', async () => {
    const error = await inspectImage(await fixture('animated.avif')).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('unsupported_file_type');
    expect((error as AppError).message).toMatch(/Animated AVIF/);
  });
});
