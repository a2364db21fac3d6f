import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ssim as ssimJs } from 'ssim.js';
import { describe, expect, it } from 'vitest';
import { hasTransparency, luma, overBlack, overWhite, ssim, type RawImage, type SsimStride } from './ssim.js';

/**
 * Our SSIM steers smart mode's search; the benchmark grades with ssim.js ('fast', luma, Gaussian
 * windows), which we do not optimise against. On real photos the two must tell the same story.
 */
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const QUALITIES = [30, 60, 90];

async function rawOf(data: Buffer): Promise<RawImage> {
  const { data: pixels, info } = await sharp(data).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: pixels, width: info.width, height: info.height, channels: info.channels };
}

async function theirs(a: RawImage, b: RawImage): Promise<number> {
  const rgba = async (image: RawImage) => ({
    data: new Uint8ClampedArray(
      await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
        .ensureAlpha()
        .raw()
        .toBuffer(),
    ),
    width: image.width,
    height: image.height,
  });
  return ssimJs(await rgba(a), await rgba(b), { ssim: 'fast', downsample: false }).mssim;
}

describe('our SSIM against ssim.js on real photos', () => {
  it.each(['photo.jpg', 'exif-camera.jpg', 'progressive.jpg'])(
    '%s: close to ssim.js in luma, and in the same order at every quality',
    async (name) => {
      const original = await rawOf(await readFile(path.join(fixtures, name)));
      const ours: number[] = [];
      const reference: number[] = [];
      for (const quality of QUALITIES) {
        const encoded = await sharp(original.data, { raw: { width: original.width, height: original.height, channels: 3 } })
          .jpeg({ quality })
          .toBuffer();
        const decoded = await rawOf(encoded);
        ours.push(ssim(luma(original), luma(decoded)));
        reference.push(await theirs(original, decoded));
        // The colour score (R, G, B averaged) also counts chroma, so it stays below the luma judge.
        expect(ssim(original, decoded)).toBeLessThanOrEqual(reference.at(-1)! + 0.005);
      }
      expect(ours).toHaveLength(QUALITIES.length);
      ours.forEach((value, i) =>
        expect(Math.abs(value - reference[i]!), `q${QUALITIES[i]}: ours ${value}, ssim.js ${reference[i]}`).toBeLessThan(0.025),
      );
      const rising = (values: number[]) => values.every((value, i) => i === 0 || value > values[i - 1]!);
      expect(rising(ours)).toBe(true);
      expect(rising(reference)).toBe(true);
    },
  );
});

/** SSIM window by window, the textbook way, to hold the fast cell-sum version to the same values. */
function windowByWindow(a: RawImage, b: RawImage, stride: number): number {
  const C1 = (0.01 * 255) ** 2;
  const C2 = (0.03 * 255) ** 2;
  const colours = Math.min(a.channels >= 3 ? 3 : 1, b.channels >= 3 ? 3 : 1);
  let total = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= a.height; y += stride) {
    for (let x = 0; x + 8 <= a.width; x += stride) {
      for (let c = 0; c < colours; c++) {
        const va: number[] = [];
        const vb: number[] = [];
        for (let dy = 0; dy < 8; dy++) {
          for (let dx = 0; dx < 8; dx++) {
            va.push(a.data[((y + dy) * a.width + x + dx) * a.channels + c]!);
            vb.push(b.data[((y + dy) * b.width + x + dx) * b.channels + c]!);
          }
        }
        const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / 64;
        const [ma, mb] = [mean(va), mean(vb)];
        const varA = mean(va.map((n) => n * n)) - ma * ma;
        const varB = mean(vb.map((n) => n * n)) - mb * mb;
        const cov = mean(va.map((n, i) => n * vb[i]!)) - ma * mb;
        total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (varA + varB + C2));
      }
      windows += colours;
    }
  }
  return total / windows;
}

describe('our SSIM computed from cell sums', () => {
  it.each<[SsimStride, number]>([
    [4, 3],
    [8, 3],
    [4, 1],
    [2, 3],
  ])('stride %i, %i channel(s): the same score as window by window on a real photo and its JPEG', async (stride, channels) => {
    let pipeline = sharp(await readFile(path.join(fixtures, 'photo.jpg'))).resize(203, 141, { fit: 'fill' });
    if (channels === 1) pipeline = pipeline.toColourspace('b-w');
    const original = await rawOf(await pipeline.toBuffer());
    const picture = channels === 1 ? luma(original) : original;
    const encoded = await sharp(picture.data, {
      raw: { width: picture.width, height: picture.height, channels: picture.channels as 1 | 3 },
    })
      .jpeg({ quality: 20 })
      .toBuffer();
    const decoded = await rawOf(encoded);
    const compressed = channels === 1 ? luma(decoded) : decoded;
    const expected = windowByWindow(picture, compressed, stride);
    expect(expected).toBeLessThan(0.99);
    expect(ssim(picture, compressed, stride)).toBe(expected);
  });
});

/** A seeded generator (mulberry32): the same images every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const byte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/**
 * A smooth picture with noise, and a copy of it in `channelsB` channels (each from the picture's nearest
 * colour channel) with every colour changed by 1 to 63; alpha mostly opaque, some pixels partly or fully clear.
 */
function randomPair(random: () => number, width: number, height: number, channelsA: number, channelsB: number): [RawImage, RawImage] {
  const colour = (x: number, y: number, c: number) => 128 + 100 * Math.sin((x + 3 * c) / 5) * Math.cos(y / 7) + 40 * (random() - 0.5);
  const a = new Uint8Array(width * height * channelsA);
  const b = new Uint8Array(width * height * channelsB);
  const alpha = () => (random() < 0.8 ? 255 : byte(random() * 255));
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    for (let c = 0; c < channelsA; c++) a[i * channelsA + c] = channelsA % 2 === 0 && c === channelsA - 1 ? alpha() : byte(colour(x, y, c));
    for (let c = 0; c < channelsB; c++) {
      const from = i * channelsA + Math.min(c, channelsA % 2 === 0 ? channelsA - 2 : channelsA - 1);
      b[i * channelsB + c] = channelsB % 2 === 0 && c === channelsB - 1 ? alpha() : a[from]! ^ (1 + Math.floor(random() * 63));
    }
  }
  return [
    { data: a, width, height, channels: channelsA },
    { data: Buffer.from(b), width, height, channels: channelsB },
  ];
}

/** Below 8 px on a side there is no window: 1 − the mean absolute difference of the colour channels. */
function tinyReference(a: RawImage, b: RawImage): number {
  const colours = Math.min(a.channels >= 3 ? 3 : 1, b.channels >= 3 ? 3 : 1);
  let diff = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    for (let c = 0; c < colours; c++) diff += Math.abs(a.data[i * a.channels + c]! - b.data[i * b.channels + c]!);
  }
  return 1 - diff / (a.width * a.height * colours * 255);
}

describe('our SSIM on random images of awkward sizes, to the last bit', () => {
  // Sizes that neither the stride nor the window divides, exactly one window, and below one window.
  const SIZES = [
    [8, 8],
    [9, 8],
    [8, 13],
    [13, 11],
    [17, 23],
    [31, 9],
    [67, 45],
    [64, 64],
    [7, 7],
    [1, 1],
    [7, 30],
    [30, 5],
  ] as const;
  const CHANNELS = [
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [3, 4],
    [4, 3],
    [1, 3],
    [4, 2],
  ] as const;
  const cases = ([1, 2, 4, 8] as const).flatMap((stride) => CHANNELS.map(([ca, cb]) => [stride, ca, cb] as [SsimStride, number, number]));

  it.each(cases)('stride %i, %i and %i channels: the same score as window by window', (stride, channelsA, channelsB) => {
    const random = seeded(stride * 100 + channelsA * 10 + channelsB);
    for (const [width, height] of SIZES) {
      const [a, b] = randomPair(random, width, height, channelsA, channelsB);
      const expected = width < 8 || height < 8 ? tinyReference(a, b) : windowByWindow(a, b, stride);
      expect(expected, `${width}×${height}`).toBeGreaterThan(-1);
      expect(expected, `${width}×${height}`).toBeLessThan(1);
      expect(ssim(a, b, stride), `${width}×${height}`).toBe(expected);
      expect(ssim(a, a, stride), `${width}×${height} against itself`).toBe(1);
    }
  });
});

describe('luma, over white and black, transparency: the same bytes as their formulas', () => {
  const random = seeded(7);
  const image = (channels: number, width = 37, height = 11): RawImage => ({
    data: Uint8Array.from({ length: width * height * channels }, () => (random() < 0.3 ? 255 : Math.floor(random() * 256))),
    width,
    height,
    channels,
  });

  it.each([3, 4])('luma of %i channels: Rec. 601 weights, rounded', (channels) => {
    const rgb = image(channels);
    const expected = Array.from({ length: rgb.width * rgb.height }, (_, i) => {
      const [r, g, b] = [0, 1, 2].map((c) => rgb.data[i * channels + c]!);
      return Math.floor((77 * r! + 150 * g! + 29 * b! + 128) / 256);
    });
    const grey = luma(rgb);
    expect(grey.channels).toBe(1);
    expect(Array.from(grey.data)).toEqual(expected);
  });

  it.each([
    [2, 255],
    [4, 255],
    [2, 0],
    [4, 0],
  ])('%i channels over %i: each colour blended by its alpha, rounded', (channels, background) => {
    // Two channels: every colour at every alpha once; four: a random picture.
    const source =
      channels === 2
        ? { data: Uint8Array.from({ length: 2 * 256 * 256 }, (_, i) => (i % 2 ? i >> 1 : i >> 9) & 255), width: 256, height: 256, channels }
        : image(channels);
    const colours = channels - 1;
    const expected: number[] = [];
    for (let i = 0; i < source.width * source.height; i++) {
      const alpha = source.data[i * channels + colours]! / 255;
      for (let c = 0; c < colours; c++) expected.push(Math.round(source.data[i * channels + c]! * alpha + background * (1 - alpha)));
    }
    const composite = (background === 255 ? overWhite : overBlack)(source);
    expect(composite.channels).toBe(colours);
    expect(Array.from(composite.data)).toEqual(expected);
    expect(new Set(expected).size).toBeGreaterThan(100);
  });

  it.each([2, 4])('%i channels: transparent when any one pixel is, wherever it is', (channels) => {
    const opaque = image(channels, 9, 5);
    for (let i = channels - 1; i < opaque.data.length; i += channels) opaque.data[i] = 255;
    expect(hasTransparency(opaque)).toBe(false);
    for (const pixel of [0, 17, 44]) {
      const one = { ...opaque, data: Uint8Array.from(opaque.data) };
      one.data[pixel * channels + channels - 1] = 254;
      expect(hasTransparency(one), `pixel ${pixel}`).toBe(true);
    }
  });
});
