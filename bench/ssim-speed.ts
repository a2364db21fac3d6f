/**
 * Speed of server/src/images/ssim.ts against an earlier version of itself (by default the one before
 * the one-pass, sliding-window SSIM), in this process, turn about: SSIM at the page's view size (the
 * look a fixed quality carries) and at 12 MP (smart's and auto's search scores), luma and over white.
 * Each row checks that both versions give the same result to the last bit, and prints the CPU time of
 * each (the median over rounds) and the median of the per-round ratios old / new.
 *
 *   npm run bench:ssim -- [photo.jpg] [--rounds 7] [--baseline <git revision>]
 *
 * Default photo: the corpus' 12 MP sunset, against its JPEG at quality 75. Markdown to stdout, progress to stderr.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import * as current from '../server/src/images/ssim.js';
import type { RawImage } from '../server/src/images/ssim.js';
import { loadAverage as load, median, table } from './report.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'server/src/images/ssim.ts';
/** The last version that computed each channel's cells in its own pass and re-added every window's cells. */
const BEFORE_SLIDING = 'b821d0d';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '7' }, baseline: { type: 'string', default: BEFORE_SLIDING } },
});
const rounds = Number(options.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number of at least 1');
const photo = positionals[0] ?? '/work/shared/corpus/photos/sunset_by_Aitzol_Berasategi.jpg';
const log = (line: string) => process.stderr.write(`${line}\n`);

type Ssim = typeof current;

/** The module as it was at `revision`, imported from a copy (it imports nothing of its own). */
async function baselineModule(revision: string): Promise<{ module: Ssim; done: () => Promise<void> }> {
  const source = execFileSync('git', ['show', `${revision}:${SOURCE}`], { cwd: REPO, encoding: 'utf8' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ssim-baseline-'));
  const file = path.join(dir, 'ssim.ts');
  await writeFile(file, source);
  return { module: (await import(pathToFileURL(file).href)) as Ssim, done: () => rm(dir, { recursive: true, force: true }) };
}

async function raw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The photo and its JPEG at quality 75, both RGB at `width` px (the photo's own size when null). */
async function pair(file: string, width: number | null): Promise<[RawImage, RawImage]> {
  const sized = () => (width ? sharp(file).resize(width) : sharp(file)).toColourspace('srgb').removeAlpha();
  const original = await raw(sized());
  const jpeg = await sharp(original.data, { raw: { width: original.width, height: original.height, channels: 3 } })
    .jpeg({ quality: 75 })
    .toBuffer();
  return [original, await raw(sharp(jpeg).toColourspace('srgb').removeAlpha())];
}

/** RGBA with the photo's own grey as alpha, so every level of transparency occurs. */
async function withAlpha(image: RawImage): Promise<RawImage> {
  const pipeline = () => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  const grey = await pipeline().toColourspace('b-w').raw().toBuffer();
  return raw(pipeline().joinChannel(grey, { raw: { width: image.width, height: image.height, channels: 1 } }));
}

const cpuMs = (run: () => unknown): [number, unknown] => {
  const start = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(start);
  return [(used.user + used.system) / 1000, result];
};

const same = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'number' || typeof a === 'boolean') return Object.is(a, b);
  const [x, y] = [(a as RawImage).data, (b as RawImage).data];
  return (
    (a as RawImage).channels === (b as RawImage).channels &&
    Buffer.compare(Buffer.from(x.buffer, x.byteOffset, x.length), Buffer.from(y.buffer, y.byteOffset, y.length)) === 0
  );
};

async function main() {
  const loadBefore = load();
  const baseline = await baselineModule(options.baseline);
  const [viewA, viewB] = await pair(photo, 1600);
  const [fullA, fullB] = await pair(photo, null);
  const [viewRgba, fullRgba] = [await withAlpha(viewA), await withAlpha(fullA)];
  const [lumaA, lumaB] = [current.luma(viewA), current.luma(viewB)];
  const opaque = { ...fullRgba, data: Buffer.alloc(fullRgba.data.length, 255) };
  const size = (image: RawImage) => `${image.width}×${image.height}`;
  const cases: { name: string; run: (m: Ssim) => unknown }[] = [
    { name: `ssim ${size(viewA)} RGB, stride 4`, run: (m) => m.ssim(viewA, viewB, 4) },
    { name: `ssim ${size(viewA)} RGB, stride 2`, run: (m) => m.ssim(viewA, viewB, 2) },
    { name: `ssim ${size(fullA)} RGB, stride 4`, run: (m) => m.ssim(fullA, fullB, 4) },
    { name: `ssim ${size(fullA)} RGB, stride 2`, run: (m) => m.ssim(fullA, fullB, 2) },
    { name: `ssim ${size(viewA)} luma, stride 4`, run: (m) => m.ssim(lumaA, lumaB, 4) },
    { name: `luma ${size(viewA)} RGB`, run: (m) => m.luma(viewA) },
    { name: `luma ${size(fullA)} RGB`, run: (m) => m.luma(fullA) },
    { name: `overWhite ${size(viewRgba)} RGBA`, run: (m) => m.overWhite(viewRgba) },
    { name: `overWhite ${size(fullRgba)} RGBA`, run: (m) => m.overWhite(fullRgba) },
    { name: `hasTransparency ${size(opaque)} RGBA, opaque`, run: (m) => m.hasTransparency(opaque) },
  ];
  // One untimed run of each, so both versions are compiled before they are timed.
  for (const { run } of cases) [baseline.module, current].forEach((m) => run(m));
  const rows: string[][] = [];
  for (const { name, run } of cases) {
    const times = { old: [] as number[], new: [] as number[] };
    const ratios: number[] = [];
    let identical = true;
    for (let round = 0; round < rounds; round++) {
      const turn = round % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
      const results: Partial<Record<'old' | 'new', unknown>> = {};
      for (const which of turn) {
        const [ms, result] = cpuMs(() => run(which === 'old' ? baseline.module : current));
        times[which].push(ms);
        results[which] = result;
      }
      identical &&= same(results.old, results.new);
      ratios.push(times.old.at(-1)! / times.new.at(-1)!);
    }
    log(`${name}: old ${median(times.old).toFixed(1)} ms, new ${median(times.new).toFixed(1)} ms (load ${load()})`);
    rows.push([
      name,
      `${median(times.old).toFixed(1)} ms`,
      `${median(times.new).toFixed(1)} ms`,
      `**${median(ratios).toFixed(2)}×**`,
      identical ? 'yes' : '**NO**',
    ]);
  }
  await baseline.done();
  console.log(`### ssim.ts: ${options.baseline} (old) against the working tree (new), CPU time in this process\n`);
  console.log(
    `- ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}; ${rounds} rounds, turn about; medians; ${path.basename(photo)} and its JPEG q75`,
  );
  console.log(`- Load average (1 / 5 / 15 min): ${loadBefore} before, ${load()} after\n`);
  console.log(table(['Work', 'Old', 'New', 'Old / new', 'Same result'], rows));
}

await main();
