/**
 * Cut-outs (photos with transparency) against pngquant+optipng (docs/decisions/0163): what each of
 * sharp's settings reaches on the whole image, judged by ssim.js at full size and ≤ 1600 px over white
 * and over black (bench/judge.ts), beside smart PNG and `auto`. "≥ pq" marks a result at least at
 * pngquant+optipng's look at both scales. Needs Debian's pngquant and optipng.
 *
 *   npx tsx bench/cutouts.ts <cut-out …>
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { SearchDeadline } from '../server/src/images/deadline.js';
import { encode, type EncodedFormat, type EncodeTuning } from '../server/src/images/encode.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { fromPixels, rawPixels } from '../server/src/images/loaders.js';
import { optimiseImage } from '../server/src/images/optimise.js';
import { smartTuning } from '../server/src/images/search.js';
import { prepareToolInputs, runTool } from './contenders.js';
import { PREMIUM_AUTO } from './engine-direct.js';
import { benchImage } from './image-set.js';
import { judgeAgainst, looksAtLeast } from './judge.js';
import { loadAverage } from './report.js';

const settings: [string, EncodedFormat, number, EncodeTuning][] = [
  ['palette q80 dithered (stand-in)', 'png', 80, { paletteDither: 1 }],
  ['palette q95 undithered', 'png', 95, { paletteDither: 0 }],
  ['palette q93 dithered', 'png', 93, { paletteDither: 1 }],
  ['palette q99 dithered', 'png', 99, { paletteDither: 1 }],
  ['lossless WebP', 'webp', 100, { webpLossless: true }],
  ['lossless PNG', 'png', 100, {}],
  ...[75, 85, 90, 95, 100].map((q): [string, EncodedFormat, number, EncodeTuning] => [`WebP q${q}`, 'webp', q, {}]),
  ...[60, 70, 80, 90].map((q): [string, EncodedFormat, number, EncodeTuning] => [`AVIF q${q} (smart)`, 'avif', q, {}]),
];

const workDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-cutouts-'));
const run = promisify(execFile);

async function pngquantNoMinimum(input: string) {
  const quantised = path.join(workDir, 'pngquant-any.png');
  const out = path.join(workDir, 'pngquant-any-optipng.png');
  await run('pngquant', ['--quality=0-80', '--force', '--output', quantised, '--', input]);
  await run('optipng', ['-o2', '-quiet', '-clobber', '-out', out, quantised]);
  return { data: await readFile(out) };
}

const lines: string[] = [`Cut-outs, ${new Date().toISOString()}, load ${loadAverage()} at the start`];
try {
  for (const file of process.argv.slice(2)) {
    const data = await readFile(file);
    const image = await benchImage(file, data, { imageClass: 'graphic' });
    const judge = await judgeAgainst(data);
    const inputs = await prepareToolInputs(image, workDir);
    const quantised = await runTool('pngquant+optipng', inputs, workDir);
    // pngquant refuses (exit 99) when quality 65 is out of reach: then its palette with no minimum stands in, marked so.
    const tool = 'reason' in quantised ? await pngquantNoMinimum(inputs.png) : quantised;
    const reference = await judge.judge(tool.data);
    const row = (name: string, bytes: number, look: { full: number; view: number }) =>
      `| ${name} | ${(bytes / 1024).toFixed(1)} | ${(bytes / tool.data.length).toFixed(2)}× | ${look.full.toFixed(4)} / ${look.view.toFixed(4)} | ${looksAtLeast(look, reference) ? '≥ pq' : 'below'} |`;
    lines.push(
      '',
      `### ${image.name}`,
      '',
      '| setting | KiB | × pngquant+optipng | ssim.js full / page | |',
      '| --- | --- | --- | --- | --- |',
    );
    lines.push(
      row(`pngquant --quality=${'reason' in quantised ? '0-80 (65-80 exits 99)' : '65-80'} + optipng -o2`, tool.data.length, reference),
    );
    const cjpeg = await runTool('cjpeg-q75', inputs, workDir);
    if (!('reason' in cjpeg)) lines.push(row('cjpeg q75 (over white, loses the alpha)', cjpeg.data.length, await judge.judge(cjpeg.data)));
    const prepared = await rawPixels(sharp(data).rotate().toColourspace('srgb'));
    const base = smartTuning(prepared);
    for (const [name, format, quality, tuning] of settings) {
      const encoded = await encode(fromPixels(prepared), format, quality, { ...base, ...tuning }).toBuffer();
      lines.push(row(name, encoded.length, await judge.judge(encoded)));
    }
    const info = await inspectImage(data);
    for (const format of ['png', 'auto'] as const) {
      const result = await optimiseImage(data, info, { ...PREMIUM_AUTO, format }, SearchDeadline.none());
      lines.push(
        row(
          `engine ${format === 'png' ? 'smart PNG' : '`auto`'}: ${result.format} q${result.quality}`,
          result.data.length,
          await judge.judge(result.data),
        ),
      );
    }
    await judge.close();
    process.stderr.write(`${image.name} done\n`);
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
lines.push('', `load ${loadAverage()} at the end`);
process.stdout.write(`${lines.join('\n')}\n`);
