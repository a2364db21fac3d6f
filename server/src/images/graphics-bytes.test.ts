import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksOverWhiteAndBlack as looks } from '../../test/pngquant-look.js';
import { SearchDeadline } from './deadline.js';
import { inspectImage } from './inspect.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';

/**
 * Smart PNG against the graphics' reference itself, Debian's `pngquant --quality=65-80 --speed=3` then
 * `optipng -o2` (scripts/test.sh installs both): never more than its bytes and never below its look by
 * ssim.js, over white and over black (issue 36 asks ≤ 1.25×; pngquant's own palette packed by oxipng is
 * always a candidate, docs/decisions/0288; 0265, 0266 before). The fixtures are on the side the engine
 * was tuned on (server/test/fixtures/LICENSES.txt).
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const smartPng: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'png',
  quality: 'smart',
  maxBytes: null,
  keepMetadata: false,
};
/** At most the reference's bytes: its own palette, packed better, is a candidate (decision 0288; the issue allows 1.25×). */
const WORST = 1;
const run = promisify(execFile);
let workDir = '';

/** pngquant+optipng's file for `png`, made by the tools themselves. */
async function reference(png: Buffer): Promise<Buffer> {
  const input = path.join(workDir, 'in.png');
  const quantised = path.join(workDir, 'pngquant.png');
  const out = path.join(workDir, 'pngquant-optipng.png');
  await writeFile(input, png);
  await run('pngquant', ['--quality=65-80', '--speed=3', '--force', '--output', quantised, '--', input]);
  await run('optipng', ['-o2', '-quiet', '-clobber', '-out', out, quantised]);
  return readFile(out);
}

/** ssim.js as the tables show it: 4 decimals. */
const rounded = (score: number) => Math.round(score * 1e4);

describe('smart PNG at most pngquant+optipng’s bytes, never below its look (issue 36)', { timeout: 240_000 }, () => {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-graphics-bytes-'));
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it.each([
    ['a dialog screenshot', 'screenshot.png'],
    ['a drawing with transparency', 'alpha.png'],
    ['grey text', 'text.png'],
    // Palettes are ruled out of a photo by the quick trial: it came back lossless, 3–4× the reference (decision 0266), then
    // quality 99 dithered at 1.08–1.24×; pngquant's own palette is smaller (0288).
    ['a photo saved as PNG', 'photo.jpg'],
  ])('%s (%s)', async (_, name) => {
    const file = await readFile(path.join(fixtures, name));
    const original = name.endsWith('.png') ? file : await sharp(file).resize(320).png().toBuffer();
    const pngquant = await reference(original);
    const result = await optimiseImage(original, await inspectImage(original), smartPng, SearchDeadline.none());
    expect(result.format).toBe('png');
    expect(result.data.length).toBeLessThanOrEqual(pngquant.length * WORST);
    const [ours, theirs] = [await looks(original, result.data), await looks(original, pngquant)];
    expect(rounded(ours.white)).toBeGreaterThanOrEqual(rounded(theirs.white));
    expect(rounded(ours.black)).toBeGreaterThanOrEqual(rounded(theirs.black));
  });
});
