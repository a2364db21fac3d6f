/**
 * How far pngquant's own palette scores above the engine's stand-in for it (libimagequant at quality
 * 80, dithered: server/src/images/smart-png.ts) on each of look.ts's scores, on the sample the palette
 * search judges, as a fraction of the stand-in's distance to 1: (pngquant − stand-in) / (1 − stand-in).
 * Smart PNG's proportional lead is chosen from the largest fraction on the tuned graphics
 * (docs/decisions/0157). Needs Debian's pngquant (apt-get install -y pngquant).
 *
 * pngquant runs at `--speed=3`, as bench/graphics.ts's reference does; `--effort N` encodes the stand-in
 * at libimagequant effort N instead of the one encode.ts picks by size (7 up to 4 MP).
 *
 *   npx tsx bench/pngquant-lead.ts [--effort N] <graphic …>
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';
import { encode } from '../server/src/images/encode.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { fromPixels, rawPixels } from '../server/src/images/loaders.js';
import { lookScores } from '../server/src/images/look.js';
import { detailSample, SEARCH_STRIDE, smartTuning } from '../server/src/images/search.js';
import type { RawImage } from '../server/src/images/ssim.js';
import { loadAverage } from './report.js';

/** Decoded with the sample's channels, as the search decodes its own trial palettes. */
async function pixelsLike(sample: RawImage, encoded: Buffer): Promise<RawImage> {
  let pipeline = sharp(encoded).toColourspace(sample.channels <= 2 ? 'b-w' : 'srgb');
  pipeline = sample.channels % 2 === 0 ? pipeline.ensureAlpha() : pipeline.removeAlpha();
  return rawPixels(pipeline);
}

const { values: options, positionals: files } = parseArgs({ allowPositionals: true, options: { effort: { type: 'string' } } });
const paletteEffort = options.effort === undefined ? undefined : Number(options.effort);

const workDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-pngquant-lead-'));
const rows: string[] = [];
let worst = -Infinity;
try {
  for (const file of files) {
    const data = await readFile(file);
    const info = await inspectImage(data);
    const prepared = await rawPixels(
      sharp(data)
        .rotate()
        .toColourspace(info.isGrey ? 'b-w' : 'srgb'),
    );
    const sample = detailSample(prepared);
    const scorer = await lookScores(sample, Math.max(prepared.width, prepared.height), SEARCH_STRIDE);
    const scores = async (decoded: RawImage) => {
      const found: number[] = [];
      for await (const score of scorer.scores(decoded)) found.push(score);
      return found;
    };
    const standIn = await encode(fromPixels(sample), 'png', 80, { ...smartTuning(prepared), paletteDither: 1, paletteEffort }).toBuffer();
    const input = path.join(workDir, 'sample.png');
    const output = path.join(workDir, 'pngquant.png');
    await writeFile(input, await fromPixels(sample).png().toBuffer());
    const quant = await promisify(execFile)('pngquant', ['--quality=65-80', '--speed=3', '--force', '--output', output, '--', input]).then(
      () => 0,
      (error: { code?: number }) => error.code ?? 1,
    );
    const name = path.basename(file);
    if (quant !== 0) {
      rows.push(`| ${name} | pngquant exit ${quant} | | |`);
      continue;
    }
    const ours = await scores(await pixelsLike(sample, standIn));
    const theirs = await scores(await pixelsLike(sample, await readFile(output)));
    const fractions = ours.map((s, i) => (theirs[i]! - s) / (1 - s));
    // A score already at 1 has no distance to lead by (0 / 0): left out of the largest.
    worst = Math.max(worst, ...fractions.filter(Number.isFinite));
    const list = (values: number[], digits: number) => values.map((v) => v.toFixed(digits)).join(' ');
    rows.push(`| ${name} | ${list(ours, 4)} | ${list(theirs, 4)} | ${list(fractions, 3)} |`);
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
process.stdout.write(
  [
    `pngquant's palette (--speed=3) against the stand-in${paletteEffort === undefined ? '' : ` at effort ${paletteEffort}`} on each look.ts score (colour, luma per background; full size, then page size), load ${loadAverage()}`,
    '',
    '| graphic | stand-in | pngquant 2.17 | (pngquant − stand-in) / (1 − stand-in) |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `largest fraction: ${worst.toFixed(4)}`,
    '',
  ].join('\n'),
);
