import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ssim as ssimJs } from 'ssim.js';
import { describe, expect, it } from 'vitest';
import { luma, ssim, type RawImage, type SsimStride } from './ssim.js';

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
    data: new Uint8ClampedArray(await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).ensureAlpha().raw().toBuffer()),
    width: image.width,
    height: image.height,
  });
  return ssimJs(await rgba(a), await rgba(b), { ssim: 'fast', downsample: false }).mssim;
}

describe('our SSIM against ssim.js on real photos', () => {
  it.each(['photo.jpg', 'exif-camera.jpg', 'progressive.jpg'])('%s: close to ssim.js in luma, and in the same order at every quality', async (name) => {
    const original = await rawOf(await readFile(path.join(fixtures, name)));
    const ours: number[] = [];
    const reference: number[] = [];
    for (const quality of QUALITIES) {
      const encoded = await sharp(original.data, { raw: { width: original.width, height: original.height, channels: 3 } }).jpeg({ quality }).toBuffer();
      const decoded = await rawOf(encoded);
      ours.push(ssim(luma(original), luma(decoded)));
      reference.push(await theirs(original, decoded));
      // The colour score (R, G, B averaged) also counts chroma, so it stays below the luma judge.
      expect(ssim(original, decoded)).toBeLessThanOrEqual(reference.at(-1)! + 0.005);
    }
    expect(ours).toHaveLength(QUALITIES.length);
    ours.forEach((value, i) => expect(Math.abs(value - reference[i]!), `q${QUALITIES[i]}: ours ${value}, ssim.js ${reference[i]}`).toBeLessThan(0.025));
    const rising = (values: number[]) => values.every((value, i) => i === 0 || value > values[i - 1]!);
    expect(rising(ours)).toBe(true);
    expect(rising(reference)).toBe(true);
  });
});

/** SSIM window by window, the textbook way, to hold the fast cell-sum version to the same values. */
function windowByWindow(a: RawImage, b: RawImage, stride: number): number {
  const C1 = (0.01 * 255) ** 2;
  const C2 = (0.03 * 255) ** 2;
  const colours = a.channels >= 3 ? 3 : 1;
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
    const encoded = await sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: picture.channels as 1 | 3 } }).jpeg({ quality: 20 }).toBuffer();
    const decoded = await rawOf(encoded);
    const compressed = channels === 1 ? luma(decoded) : decoded;
    const expected = windowByWindow(picture, compressed, stride);
    expect(expected).toBeLessThan(0.99);
    expect(ssim(picture, compressed, stride)).toBeCloseTo(expected, 12);
  });
});
