/**
 * Graphics against pngquant+optipng (issue 30, docs/decisions/0132): smart PNG and `auto` (a premium
 * plan's formats) per graphic, each judged by ssim.js at full size and at ≤ 1600 px, transparent ones
 * over white and over black (bench/judge.ts). "Below" is below pngquant+optipng's look at either scale.
 * Needs Debian's pngquant and optipng (apt-get install -y pngquant optipng); says so and stops without them.
 *
 *   npm run bench:graphics -- <folder or graphic …> [--json out.json] [--png-only | --auto-only]
 *
 * --png-only measures smart PNG alone (no `auto` column or median), --auto-only `auto` alone: about half the time.
 *
 * Only the engine in this process (no HTTP), each search once and without its deadline, in sequence.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { SearchDeadline } from '../server/src/images/deadline.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { optimiseImage, type OptimisedImage } from '../server/src/images/optimise.js';
import { availableToolContenders, findTools, prepareToolInputs, runTool } from './contenders.js';
import { PREMIUM_AUTO } from './engine-direct.js';
import { benchImage, loadImageSet, type BenchImage } from './image-set.js';
import { judgeAgainst, looksAtLeast, type Judgement } from './judge.js';
import { loadAverage, median, table } from './report.js';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'string' }, 'png-only': { type: 'boolean' }, 'auto-only': { type: 'boolean' } },
});
const pngOnly = options['png-only'] === true;
const autoOnly = options['auto-only'] === true;
if (pngOnly && autoOnly) throw new Error('--png-only and --auto-only leave nothing to measure together');
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Measured extends Judgement {
  bytes: number;
  format: string;
  quality: number;
  cpuMs: number;
  /** Which candidate won: a PNG's palette (its colours) or lossless, else the format and quality. */
  candidate: string;
}

interface Row {
  name: string;
  reference: Measured | { reason: string };
  smart: Measured;
  auto: Measured;
}

async function graphicsOf(paths: string[]): Promise<BenchImage[]> {
  const images: BenchImage[] = [];
  for (const given of paths) {
    if ((await stat(given)).isDirectory()) {
      const { images: found } = await loadImageSet(given, false);
      images.push(...found.filter((image) => image.imageClass === 'graphic'));
    } else {
      images.push(await benchImage(given, await readFile(given), { imageClass: 'graphic' }));
    }
  }
  return images;
}

/** CPU ms of this process's finished children (pngquant, decision 0288), which process.cpuUsage leaves out: /proc's cutime + cstime. */
async function childrenCpuMs(): Promise<number> {
  const fields = (await readFile('/proc/self/stat', 'latin1')).split(') ')[1]!.split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

async function engine(image: BenchImage, format: 'png' | 'auto'): Promise<{ result: OptimisedImage; cpuMs: number }> {
  const info = await inspectImage(image.data);
  const cpu = process.cpuUsage();
  const children = await childrenCpuMs();
  const result = await optimiseImage(image.data, info, { ...PREMIUM_AUTO, format }, SearchDeadline.none());
  const used = process.cpuUsage(cpu);
  return { result, cpuMs: (used.user + used.system) / 1000 + (await childrenCpuMs()) - children };
}

async function measure(image: BenchImage, workDir: string): Promise<Row> {
  const judge = await judgeAgainst(image.data);
  let pngquantPixels: Buffer | null = null;
  const judged = async (data: Buffer, format: string, quality: number, cpuMs: number): Promise<Measured> => ({
    ...(await judge.judge(data)),
    bytes: data.length,
    format,
    quality,
    cpuMs,
    candidate: await candidateOf(data, format, quality, pngquantPixels),
  });
  try {
    const inputs = await prepareToolInputs(image, workDir);
    const tool = await runTool('pngquant+optipng', inputs, workDir);
    const reference = 'reason' in tool ? tool : await judged(tool.data, 'png', 80, tool.ms);
    if (!('reason' in tool)) pngquantPixels = await rgba(tool.data);
    const smart = autoOnly ? null : await engine(image, 'png');
    const auto = pngOnly ? smart! : await engine(image, 'auto');
    const smartMeasured = smart && (await judged(smart.result.data, smart.result.format, smart.result.quality, smart.cpuMs));
    const autoMeasured =
      auto === smart ? smartMeasured! : await judged(auto.result.data, auto.result.format, auto.result.quality, auto.cpuMs);
    // With --auto-only the smart column is `auto`'s own and is neither printed nor summed.
    return { name: image.name, reference, smart: smartMeasured ?? autoMeasured, auto: autoMeasured };
  } finally {
    await judge.close();
  }
}

const rgba = (data: Buffer) => sharp(data).ensureAlpha().raw({ depth: 'uchar' }).toBuffer();

/**
 * A PNG's candidate from its header: a palette (IHDR colour type 3, with its colour count) or the original's
 * pixels; a palette with the very pixels of pngquant's is pngquant's own (docs/decisions/0288). A lossless
 * WebP's: the original's pixels or a palette's (decision 0292).
 */
async function candidateOf(data: Buffer, format: string, quality: number, pngquantPixels: Buffer | null): Promise<string> {
  if (format === 'webp' && data.includes('VP8L', 12, 'latin1')) return `webp ${await losslessWebpKind(data, quality, pngquantPixels)}`;
  if (format !== 'png') return `${format} q${quality}`;
  if (data[25] !== 3) return 'lossless';
  const plte = data.indexOf('PLTE', 8, 'latin1');
  const colours = `${plte > 0 ? data.readUInt32BE(plte - 4) / 3 : '?'} colours`;
  if (pngquantPixels && (await rgba(data)).equals(pngquantPixels)) return `pngquant's palette, ${colours}`;
  return `palette q${quality}${quality === 99 ? ' dithered' : ''}, ${colours}`;
}

/** A lossless WebP's candidate: the original's pixels (quality 100), else a palette's pixels, pngquant's own when they are its (decisions 0288, 0292). */
async function losslessWebpKind(data: Buffer, quality: number, pngquantPixels: Buffer | null): Promise<string> {
  if (quality >= 100) return 'lossless';
  const raw = await rgba(data);
  const colours = new Set<number>();
  for (let i = 0; i < raw.length && colours.size <= 256; i += 4) colours.add(raw.readUInt32BE(i));
  const count = `${colours.size <= 256 ? colours.size : 'over 256'} colours`;
  if (pngquantPixels && raw.equals(pngquantPixels)) return `pngquant's palette, ${count}, lossless`;
  return `palette q${quality}, ${count}, lossless`;
}

const look = (m: Judgement) => `${m.full.toFixed(4)} / ${m.view.toFixed(4)}`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;

function verdict(ours: Measured, reference: Row['reference']): string {
  if ('reason' in reference) return `${kib(ours.bytes)} KiB, ${look(ours)}`;
  const below = looksAtLeast(ours, reference) ? '' : ' **below**';
  return `${ours.candidate}: ${(ours.bytes / reference.bytes).toFixed(2)}×, ${kib(ours.bytes)} KiB, ${look(ours)}${below}`;
}

function summary(rows: Row[], which: 'smart' | 'auto'): string {
  const judged = rows.filter((row) => !('reason' in row.reference));
  const ratios = judged.map((row) => row[which].bytes / (row.reference as Measured).bytes);
  const belowFull = judged.filter((row) => Math.round(row[which].full * 1e4) < Math.round((row.reference as Measured).full * 1e4)).length;
  const belowView = judged.filter((row) => Math.round(row[which].view * 1e4) < Math.round((row.reference as Measured).view * 1e4)).length;
  const below = judged.filter((row) => !looksAtLeast(row[which], row.reference as Measured)).length;
  const cpu = median(rows.map((row) => row[which].cpuMs / 1000));
  return `- ${which}: median ${median(ratios).toFixed(3)}× pngquant+optipng on ${judged.length} graphics; below its look ${below} of ${judged.length} (full size ${belowFull}, page size ${belowView}); median engine CPU ${cpu.toFixed(1)} s`;
}

async function main() {
  const { available, missing } = availableToolContenders(await findTools());
  if (!available.has('pngquant+optipng')) throw new Error(`the graphics' reference is missing: ${missing.join('; ')}`);
  const images = await graphicsOf(positionals);
  if (images.length === 0) throw new Error('no graphic to measure: give folders with graphics/ or graphic files');
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-graphics-'));
  const rows: Row[] = [];
  const started = new Date();
  try {
    for (const image of images) {
      const row = await measure(image, workDir);
      rows.push(row);
      const ref = 'reason' in row.reference ? row.reference.reason : `${kib(row.reference.bytes)} KiB ${look(row.reference)}`;
      const smartLine = autoOnly ? '' : `; smart ${verdict(row.smart, row.reference)}`;
      const autoLine = pngOnly ? '' : `; auto ${verdict(row.auto, row.reference)}`;
      log(`${image.name}: pngquant ${ref}${smartLine}${autoLine}`);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const lines = [
    `Graphics, ${started.toISOString()}, load ${loadAverage()} at the end; ssim.js full / page size, alpha over white and black (lower kept)`,
    '',
    table(
      ['graphic', 'pngquant+optipng', ...(autoOnly ? [] : ['smart PNG']), ...(pngOnly ? [] : ['`auto`'])],
      rows.map((row) => [
        row.name,
        'reason' in row.reference ? `n/a (${row.reference.reason})` : `${kib(row.reference.bytes)} KiB, ${look(row.reference)}`,
        ...(autoOnly ? [] : [verdict(row.smart, row.reference)]),
        ...(pngOnly ? [] : [verdict(row.auto, row.reference)]),
      ]),
      false,
    ),
    '',
    ...(autoOnly ? [] : [summary(rows, 'smart')]),
    ...(pngOnly ? [] : [summary(rows, 'auto')]),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (options.json)
    await writeFile(path.resolve(options.json), `${JSON.stringify({ date: started.toISOString(), load: os.loadavg(), rows }, null, 2)}\n`);
}

await main();
