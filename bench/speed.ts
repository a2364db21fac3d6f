/**
 * Speed of smart mode against one fixed-quality encode of the same photo in its own format, and of
 * 'auto' against one fixed-quality AVIF (issue 30's targets on a 12 MP photo: smart ≤ 2× the fixed
 * JPEG, auto ≤ 3× the fixed AVIF), measured in this process one after the other, so the
 * ratios hold up better than the times on a machine shared with other work; the CPU time ratios (all
 * threads of this process) hold up better still, but count work done side by side in full. With --judge, each result
 * is also graded by bench/judge.ts against cjpeg -quality 75 (at least its ssim.js at both scales).
 *
 *   npm run bench:speed -- [photo.jpg ...] [--reps 1] [--judge]
 *
 * Default photos: the corpus' three photos of 12 MP or more. Markdown goes to stdout, progress to stderr.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { cjpegReference } from './contenders.js';
import { engineRuns, type EngineRuns } from './engine-direct.js';
import { benchImage } from './image-set.js';
import { loadAverage as load, median, table } from './report.js';
import { judgeAgainst, looksAtLeast, type Judgement } from './judge.js';

const CORPUS = '/work/shared/corpus/photos';
const DEFAULT_PHOTOS = ['sunset_by_Aitzol_Berasategi.jpg', 'Dragonfly_by_Bolly.jpg', 'seeding_by_Clements_Engelhardt.jpg'].map((name) =>
  path.join(CORPUS, name),
);

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { reps: { type: 'string', default: '1' }, judge: { type: 'boolean', default: false } },
});
const reps = Number(options.reps);
if (!Number.isInteger(reps) || reps < 1) throw new Error('--reps must be a whole number of at least 1');
const photos = positionals.length ? positionals.map((file) => path.resolve(file)) : DEFAULT_PHOTOS;

const log = (line: string) => process.stderr.write(`${line}\n`);
/** The first encode of a process pays for loading libvips' code: one untimed run first. */
const warmUp = (data: Buffer) => engineRuns(data);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const look = (j: Judgement) => `${j.full.toFixed(4)} / ${j.view.toFixed(4)}`;

async function judged(file: string, data: Buffer, runs: EngineRuns): Promise<string[]> {
  const cjpeg = await cjpegReference(await benchImage(file, data, { imageClass: 'photo' }));
  if ('reason' in cjpeg) return [cjpeg.reason, '', ''];
  const judge = await judgeAgainst(data);
  const [ref, smart, auto] = [await judge.judge(cjpeg.data), await judge.judge(runs.smart.data), await judge.judge(runs.auto.data)];
  await judge.close();
  const row = (ours: Judgement, bytes: number) =>
    `${(bytes / cjpeg.data.length).toFixed(2)}× · ${look(ours)} · ${looksAtLeast(ours, ref) ? 'yes' : '**no**'}`;
  return [`${look(ref)}`, row(smart, runs.smart.data.length), row(auto, runs.auto.data.length)];
}

async function main() {
  const rows: string[][] = [];
  const judgements: string[][] = [];
  const loadBefore = load();
  const started = Date.now();
  for (const file of photos) {
    const data = await readFile(file);
    const meta = await sharp(data).metadata();
    const ratios = { smart: [] as number[], auto: [] as number[], smartCpu: [] as number[], autoCpu: [] as number[] };
    const times = { fixed: [] as number[], avif: [] as number[], smart: [] as number[], auto: [] as number[] };
    let last: EngineRuns | null = null;
    if (file === photos[0]) await warmUp(data);
    for (let run = 0; run < reps; run++) {
      last = await engineRuns(data, { fixedAvif: true });
      const avifMs = last.fixedAvifMs!;
      times.fixed.push(last.fixedMs);
      times.avif.push(avifMs);
      times.smart.push(last.smartMs);
      times.auto.push(last.autoMs);
      ratios.smart.push(last.smartMs / last.fixedMs);
      ratios.auto.push(last.autoMs / avifMs);
      ratios.smartCpu.push(last.smartCpuMs / last.fixedCpuMs);
      ratios.autoCpu.push(last.autoCpuMs / last.fixedAvifCpuMs!);
      log(
        `${path.basename(file)} run ${run + 1}: fixed ${seconds(last.fixedMs)}, fixed AVIF ${seconds(avifMs)}, smart ${seconds(last.smartMs)}, auto ${seconds(last.autoMs)} (load ${load()})`,
      );
    }
    const size = `${meta.width}×${meta.height} (${((meta.width! * meta.height!) / 1e6).toFixed(1)} MP)`;
    rows.push([
      path.basename(file),
      size,
      seconds(median(times.fixed)),
      seconds(median(times.avif)),
      `${seconds(median(times.smart))} (**${median(ratios.smart).toFixed(2)}×** fixed)`,
      `${seconds(median(times.auto))} (**${median(ratios.auto).toFixed(2)}×** fixed AVIF, chose ${last!.auto.format})`,
      `${median(ratios.smartCpu).toFixed(2)}× / ${median(ratios.autoCpu).toFixed(2)}×`,
    ]);
    if (options.judge) judgements.push([path.basename(file), ...(await judged(file, data, last!))]);
  }
  const out = [
    '### Speed: smart vs one fixed-quality encode, auto vs one fixed AVIF (engine in process)',
    '',
    `- ${new Date(started).toISOString()}, ${os.cpus().length} cores, Node ${process.version}, sharp ${sharp.versions.sharp}; ${reps} run(s) each, ratios are medians of per-run ratios`,
    `- Load average (1 / 5 / 15 min): ${loadBefore} before, ${load()} after`,
    '',
    table(
      ['Photo', 'Size', 'Fixed q75', 'Fixed AVIF q75', 'Smart', 'Auto (premium formats)', 'CPU time smart / auto vs fixed / fixed AVIF'],
      rows,
      false,
    ),
    '',
  ];
  if (options.judge) {
    out.push('Judged by ssim.js (full / ≤ 1600 px) against cjpeg -quality 75; bytes as a ratio of its bytes:', '');
    out.push(table(['Photo', 'cjpeg-q75 look', 'Smart: bytes · look · ≥ ref', 'Auto: bytes · look · ≥ ref'], judgements, false), '');
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
