import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ssim as ssimJs } from 'ssim.js';
import { describe, expect, it } from 'vitest';
import { SearchDeadline } from './deadline.js';
import type { EncodedFormat } from './encode.js';
import { inspectImage } from './inspect.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';

/**
 * Every channel layout keeps its transparency and colours in every output format and mode, and the
 * look a result carries is what a person sees (docs/decisions/0231-every-channel-kept.md). Each kind
 * of image is generated here; each result is decoded and compared with its source by an SSIM the
 * engine does not use (ssim.js), per colour channel, over white and over black, at full size.
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const SIDE = { width: 160, height: 120 };
const FORMATS: EncodedFormat[] = ['jpeg', 'png', 'webp', 'avif'];

/** A mostly transparent line map: thin dark lines and a soft coloured patch on nothing, edges anti-aliased. */
function lineMap(): Buffer {
  const { width, height } = SIDE;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const road = Math.min(Math.abs((x % 40) - 20), Math.abs((y % 30) - 15), Math.abs(x - 1.3 * y) / 1.6);
      const line = Math.max(0, Math.min(1, 2.5 - road));
      const patch = Math.hypot(x - 110, y - 70) < 28 ? 1 : 0;
      const alpha = Math.max(line, patch * 0.8);
      data.set(line > 0 ? [30, 60, 120] : [220, 120 + ((x * 3) % 60), 40 + y], at);
      data[at + 3] = Math.round(alpha * 255);
    }
  }
  return data;
}

/** An opaque photo (the test photo at 160×120, colours made richer): where a lost profile or a wrong conversion shifts colours. */
async function opaquePicture(): Promise<Buffer> {
  return sharp(path.join(fixtures, 'photo.jpg'))
    .resize(SIDE.width, SIDE.height, { fit: 'cover' })
    .modulate({ saturation: 1.8 })
    .removeAlpha()
    .raw()
    .toBuffer();
}

const raw = (data: Buffer | Uint16Array, channels: 1 | 2 | 3 | 4) => sharp(data, { raw: { ...SIDE, channels } });

function widened(data: Buffer): Uint16Array {
  return Uint16Array.from(data, (value) => value * 257);
}

function greyOf(rgba: Buffer, keepAlpha: boolean): Buffer {
  const channels = keepAlpha ? 2 : 1;
  const out = Buffer.alloc((rgba.length / 4) * channels);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += channels) {
    out[j] = Math.round(0.3 * rgba[i]! + 0.59 * rgba[i + 1]! + 0.11 * rgba[i + 2]!);
    if (keepAlpha) out[j + 1] = rgba[i + 3]!;
  }
  return out;
}

/** Each kind of upload, as a camera, an editor or a map tool writes it, and how its file says what it is. */
const KINDS: { name: string; make: () => Promise<Buffer>; transparent: boolean; header?: (file: Buffer) => void }[] = [
  {
    name: 'grey PNG',
    make: async () =>
      raw(greyOf(await opaqueRgba(), false), 1)
        .toColourspace('b-w')
        .png()
        .toBuffer(),
    transparent: false,
    header: (file) => expect(file[25]).toBe(0),
  },
  {
    name: 'grey+alpha PNG (colour type 4), a mostly transparent line map',
    make: async () => raw(greyOf(lineMap(), true), 2).toColourspace('b-w').png().toBuffer(),
    transparent: true,
    header: (file) => expect(file[25]).toBe(4),
  },
  {
    name: 'palette PNG with tRNS',
    make: () => raw(lineMap(), 4).png({ palette: true, colours: 64, dither: 0 }).toBuffer(),
    transparent: true,
    header: (file) => {
      expect(file[25]).toBe(3);
      expect(file.includes(Buffer.from('tRNS'))).toBe(true);
    },
  },
  {
    name: '16-bit RGBA PNG',
    make: () => raw(widened(lineMap()), 4).toColourspace('rgb16').png().toBuffer(),
    transparent: true,
    header: (file) => expect([file[24], file[25]]).toEqual([16, 6]),
  },
  {
    name: '16-bit grey PNG',
    make: async () =>
      raw(widened(greyOf(await opaqueRgba(), false)), 1)
        .toColourspace('grey16')
        .png()
        .toBuffer(),
    transparent: false,
    header: (file) => expect([file[24], file[25]]).toEqual([16, 0]),
  },
  {
    name: 'CMYK JPEG',
    make: async () =>
      raw(await opaquePicture(), 3)
        .toColourspace('cmyk')
        .jpeg({ quality: 95 })
        .toBuffer(),
    transparent: false,
  },
  {
    name: 'JPEG with a Display P3 profile',
    make: async () =>
      raw(await opaquePicture(), 3)
        .withIccProfile('p3')
        .jpeg({ quality: 95 })
        .toBuffer(),
    transparent: false,
  },
  {
    name: 'transparent PNG with a Display P3 profile',
    make: () => raw(lineMap(), 4).withIccProfile('p3').png().toBuffer(),
    transparent: true,
  },
];

async function opaqueRgba(): Promise<Buffer> {
  const rgb = await opaquePicture();
  const rgba = Buffer.alloc((rgb.length / 3) * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) rgba.set([rgb[i]!, rgb[i + 1]!, rgb[i + 2]!, 255], j);
  return rgba;
}

/** What a person sees: the file decoded by sharp as a browser would (profile applied, sRGB), as 8-bit RGBA. */
async function seen(file: Buffer) {
  const { data, info } = await sharp(file)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** `image` composited over a grey level, as an opaque RGBA picture ssim.js reads. */
function over(image: { data: Buffer; width: number; height: number }, background: number) {
  const data = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < image.width * image.height; i++) {
    const alpha = image.data[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) data[i * 4 + c] = image.data[i * 4 + c]! * alpha + background * (1 - alpha);
    data[i * 4 + 3] = 255;
  }
  return { data, width: image.width, height: image.height };
}

/** The largest difference of one colour channel's mean: a lost profile or a colour hidden under transparency moves it, compression hardly does. */
function colourShift(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  const sums = [0, 0, 0];
  for (let i = 0; i < a.length; i += 4) for (let c = 0; c < 3; c++) sums[c]! += a[i + c]! - b[i + c]!;
  return Math.max(...sums.map((sum) => Math.abs(sum) / (a.length / 4)));
}

/** ssim.js (as bench/judge.ts runs it) and the colour shift of a result against its source, over white and, for a result that keeps alpha, over black: the worst of each. */
async function trueLook(source: Buffer, result: Buffer, overBlackToo: boolean) {
  const [a, b] = [await seen(source), await seen(result)];
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let ssim = 1;
  let shift = 0;
  for (const background of overBlackToo ? [255, 0] : [255]) {
    const [before, after] = [over(a, background), over(b, background)];
    ssim = Math.min(ssim, ssimJs(before, after, { ssim: 'fast', downsample: false }).mssim);
    shift = Math.max(shift, colourShift(before.data, after.data));
  }
  return { ssim, shift };
}

const base: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'png',
  quality: 75,
  maxBytes: null,
  keepMetadata: false,
};
const MODES: { name: string; options: (format: EncodedFormat) => OptimiseOptions }[] = [
  { name: 'quality 75', options: (format) => ({ ...base, format }) },
  { name: 'smart', options: (format) => ({ ...base, format, quality: 'smart' }) },
  { name: 'auto from this format alone', options: (format) => ({ ...base, format: 'auto', quality: 'smart', autoFormats: [format] }) },
];

/** The lowest true look a result may have: every output here is a faithful picture; a lost alpha or channel scored 0.3–0.7. */
const FLOOR = 0.9;
/**
 * Mean colour moved by at most this many levels (of 255): this photo's Display P3 file read as sRGB moves
 * red by 12; lossy chroma on thin lines next to transparent pixels moved it by up to 4 (smart AVIF).
 */
const SHIFT = 5;
/** How far the look a result carries may stand above the true one: our SSIM and ssim.js differ in method, never by a lost channel. */
const CLAIM_SLACK = 0.05;

describe('every channel kept, every look measured truly (docs/decisions/0231)', { timeout: 600_000 }, () => {
  for (const kind of KINDS) {
    it(`${kind.name}: transparency and colours in every format and mode, and a true look`, async () => {
      const source = await kind.make();
      kind.header?.(source);
      const info = await inspectImage(source);
      let checked = 0;
      for (const format of FORMATS) {
        const runs = [...MODES.map((mode) => ({ name: mode.name, options: mode.options(format) }))];
        // A target size just under quality 80's file: the fit's own encode is checked too.
        const q80 = await optimiseImage(source, info, { ...base, format, quality: 80 }, SearchDeadline.none());
        runs.push({ name: 'maxBytes', options: { ...base, format, quality: 80, maxBytes: q80.data.length - 1 } });
        for (const run of runs) {
          const result = await optimiseImage(source, info, run.options, SearchDeadline.none());
          const label = `${format} ${run.name}`;
          const keepsAlpha = kind.transparent && result.format !== 'jpeg';
          if (keepsAlpha) expect((await sharp(result.data).stats()).isOpaque, `${label} keeps its transparency`).toBe(false);
          const look = await trueLook(source, result.data, keepsAlpha);
          if (process.env.CHANNELS_DEBUG) console.log(kind.name, label, result.format, result.data.length, result.similarity, look);
          expect(look.ssim, `${label} looks like its source`).toBeGreaterThanOrEqual(FLOOR);
          expect(look.shift, `${label} keeps its colours`).toBeLessThanOrEqual(SHIFT);
          expect(
            result.similarity - look.ssim,
            `${label} carries a look it has (${result.similarity} against ${look.ssim})`,
          ).toBeLessThanOrEqual(CLAIM_SLACK);
          checked++;
        }
      }
      expect(checked).toBe(FORMATS.length * (MODES.length + 1));
    });
  }
});
