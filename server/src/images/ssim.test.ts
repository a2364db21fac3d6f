import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ssim as ssimJs } from 'ssim.js';
import { describe, expect, it } from 'vitest';
import { luma, ssim, type RawImage } from './ssim.js';

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
