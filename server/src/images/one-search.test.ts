import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SearchDeadline } from './deadline.js';
import type { EncodedFormat } from './encode.js';
import { inspectImage } from './inspect.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { transformImage } from './transform.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const FORMATS: EncodedFormat[] = ['jpeg', 'png', 'webp', 'avif'];

/** The developer API's conversion of `data` to `formats` (the smallest wins), searched to its end. */
async function converted(data: Buffer, formats: EncodedFormat[]) {
  const info = await inspectImage(data);
  const request = { data, info, resize: { width: null, height: null, maintainRatio: true }, crop: null, background: null, formats };
  return transformImage(request, SearchDeadline.none());
}

/**
 * Issue 36 point 3, one search per format (docs/decisions/0232, 0294): a conversion to one format is
 * never larger than the same format chosen from a list. A photo, a screenshot, a transparent icon and
 * the tinify client's example image (a single-format WebP was 1,146 bytes where the list's was 834).
 */
describe('a conversion to one format against the same format chosen from a list', { timeout: 300_000 }, () => {
  it.each([
    ['photo.jpg', 320],
    ['screenshot.png', null],
    ['alpha.png', null],
    ['voormedia.png', null],
  ])('%s: each format alone is no larger than the list’s winner in that format', async (name, width) => {
    const file = await readFile(path.join(fixtures, name));
    // The photo at 320 px: the same search, in a fraction of the time.
    const data = width ? await sharp(file).resize(width).jpeg({ quality: 92 }).toBuffer() : file;
    const list = await converted(data, FORMATS);
    const alone = new Map<EncodedFormat, number>();
    for (const format of FORMATS) {
      const result = await converted(data, [format]);
      expect(result.format).toBe(format);
      alone.set(format, result.data.length);
    }
    expect(alone.get(list.format)).toBeLessThanOrEqual(list.data.length);
  });
});

/** The web app's smart mode (POST /api/images/process): one format, or 'Smallest format' among the premium plan's. */
async function processed(data: Buffer, format: OptimiseOptions['format']) {
  const options = { width: null, height: null, maintainRatio: true, quality: 'smart' as const, maxBytes: null, keepMetadata: false };
  return optimiseImage(data, await inspectImage(data), { ...options, format, autoFormats: FORMATS }, SearchDeadline.none());
}

/**
 * The same on the web app (docs/decisions/0301): smart WebP ran its own photo search, without lossless or
 * palette WebP, and gave the tinify example 1,246 bytes where 'Smallest format' chose an 812-byte WebP.
 */
describe('the web app’s smart convert to one format against the same format chosen by Smallest format', { timeout: 300_000 }, () => {
  it.each([['voormedia.png'], ['alpha.png'], ['text.png'], ['screenshot.png']])(
    '%s: the format Smallest format chose, asked for alone, is no larger',
    async (name) => {
      const data = await readFile(path.join(fixtures, name));
      const list = await processed(data, 'auto');
      const alone = await processed(data, list.format);
      expect(alone.format).toBe(list.format);
      expect(alone.data.length).toBeLessThanOrEqual(list.data.length);
    },
  );
});
