import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage } from './inspect.js';
import { decodePixels, rawPixels } from './loaders.js';
import { lookScores } from './look.js';
import { optimiseImage } from './optimise.js';
import { SEARCH_STRIDE } from './search.js';
import { paletteSettings } from './smart-png.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');

// A photo with a soft alpha channel no palette can hold (docs/decisions/0163-a-cut-out-held-to-pngquants-look.md).
describe("A cut-out in 'Smallest format' (auto)", { timeout: 120_000 }, () => {
  it('gets a file smaller than lossless at pngquant’s look on every score, over white and over black', async () => {
    const data = await readFile(path.join(fixtures, 'cutout.png'));
    const result = await optimiseImage(data, await inspectImage(data), {
      width: null,
      height: null,
      maintainRatio: true,
      format: 'auto',
      quality: 'smart',
      maxBytes: null,
      keepMetadata: false,
      autoFormats: ['jpeg', 'png', 'webp', 'avif'],
    });
    const losslessPng = await sharp(data).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    const losslessWebp = await sharp(data).webp({ lossless: true, effort: 4 }).toBuffer();
    expect(result.data.length).toBeLessThan(Math.min(losslessPng.length, losslessWebp.length));

    const prepared = await rawPixels(sharp(data).toColourspace('srgb'));
    const { look } = await paletteSettings(prepared, 80);
    const scorer = await lookScores(prepared, Math.max(prepared.width, prepared.height), SEARCH_STRIDE);
    const scores: number[] = [];
    for await (const score of scorer.scores(await decodePixels(result.data))) scores.push(score);
    // Over white and over black, colour and luma: four scores at this size, each at least pngquant's.
    expect(look).toHaveLength(4);
    expect(scores).toHaveLength(4);
    scores.forEach((score, i) => expect(score).toBeGreaterThanOrEqual(look![i]!));
  });
});
