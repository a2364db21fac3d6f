import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SearchDeadline } from './deadline.js';
import type { EncodedFormat } from './encode.js';
import { inspectImage } from './inspect.js';
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
