/**
 * `npm run bench:big-image`: does the advertised 100 MP limit hold for every output format
 * (docs/decisions/0251-the-pixel-limit-per-output-format.md)? Jobs run in the server's own process pool
 * with its default limits (30 s of CPU, 1.5 GiB resident), one at a time, on two 100 MP PNGs that fit
 * the 10 MB upload limit: 10-pixel blocks of noise (hard for any encoder) and a graphic enlarged ten
 * times (what a 100 MP PNG under 10 MB usually is). For each format and mode: the answer, the wall time,
 * and the job process's peak resident memory (VmHWM, read every 2 ms) against the budget. The load
 * average is printed beside it.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { peakWhile } from './job-peak.js';
import { loadAverage } from './report.js';
import { childProcessPool } from '../server/src/jobs/process-pool.js';
import type { AppJobs } from '../server/src/jobs/handlers.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { JOB_MEMORY_BUDGET_BYTES } from '../server/src/images/limits.js';
import type { OptimiseOptions } from '../server/src/images/optimise.js';

const MB = 1024 * 1024;
const here = (name: string) => new URL(name, import.meta.url);

/** `megapixels` in 10-pixel blocks of a hashed ramp, square: ~7.9 MB as a PNG at 100 MP, 19 MB as a JPEG q75. */
async function blockNoisePng(megapixels: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt(megapixels * 1e6));
  const blocks = Math.round(side / 10);
  const noise = Buffer.alloc(blocks * blocks * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: blocks, height: blocks, channels: 3 } })
    .resize(side, side, { kernel: 'nearest' })
    .png()
    .toBuffer();
}

/** A screenshot with an alpha channel, enlarged to `megapixels` with its hard edges kept. */
async function enlargedGraphic(megapixels: number): Promise<Buffer> {
  const scale = Math.sqrt((megapixels * 1e6) / (558 * 608));
  return sharp(await readFile(here('images/graphics/calligra_dialog_configure-author.png')))
    .resize(Math.round(558 * scale), Math.round(608 * scale), { fit: 'fill', kernel: 'nearest' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A fresh pool per job with the server's default limits, so each job's VmHWM is its own. */
async function oneJob(data: Buffer, options: OptimiseOptions) {
  const pool = childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 1 });
  try {
    return await peakWhile(async () => pool.run('image', { data, info: await inspectImage(data), options }));
  } finally {
    await pool.close();
  }
}

const base = { width: null, height: null, maintainRatio: true, maxBytes: null, keepMetadata: false } as const;
const settings: { label: string; options: OptimiseOptions }[] = [
  { label: 'JPEG q75', options: { ...base, format: 'jpeg', quality: 75 } },
  { label: 'WebP q75', options: { ...base, format: 'webp', quality: 75 } },
  { label: 'AVIF q75', options: { ...base, format: 'avif', quality: 75 } },
  { label: 'WebP smart', options: { ...base, format: 'webp', quality: 'smart' } },
  { label: 'AVIF smart', options: { ...base, format: 'avif', quality: 'smart' } },
  { label: 'JPEG smart', options: { ...base, format: 'jpeg', quality: 'smart' } },
  { label: 'PNG smart', options: { ...base, format: 'png', quality: 'smart' } },
  {
    label: 'auto (JPEG, WebP, AVIF)',
    options: { ...base, format: 'auto', quality: 'smart', autoFormats: ['jpeg', 'webp', 'avif', 'png'] },
  },
];
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]!.split(',') : null;

console.error('Building the 100 MP PNGs…');
const sizes = process.argv.includes('--megapixels')
  ? process.argv[process.argv.indexOf('--megapixels') + 1]!.split(',').map(Number)
  : [100];
const pictures = [];
for (const megapixels of sizes) {
  pictures.push({ name: `${megapixels} MP blocks`, data: await blockNoisePng(megapixels) });
  pictures.push({ name: `${megapixels} MP screenshot with alpha`, data: await enlargedGraphic(megapixels) });
}
const lines = [
  `Job limits: 30 s of CPU, ${(JOB_MEMORY_BUDGET_BYTES / MB).toFixed(0)} MB resident; load average before: ${loadAverage()}.`,
  '',
  '| picture | upload | output | answer | result | seconds | peak RSS | × budget | load average after |',
  '|---|---|---|---|---|---|---|---|---|',
];
for (const picture of pictures) {
  for (const { label, options } of settings) {
    if (only && !only.some((word) => label.toLowerCase().includes(word.toLowerCase()))) continue;
    console.error(`${picture.name} → ${label}…`);
    const { peak, seconds, value } = await oneJob(picture.data, options);
    const answer = value instanceof Error ? `refused: ${value.message}` : 'done';
    const result = value instanceof Error ? '–' : `${(value.data.length / MB).toFixed(1)} MB ${value.format}`;
    lines.push(
      `| ${picture.name} | ${(picture.data.length / MB).toFixed(1)} MB | ${label} | ${answer} | ${result} | ${seconds.toFixed(1)} | ${(peak / MB).toFixed(0)} MB | ${(peak / JOB_MEMORY_BUDGET_BYTES).toFixed(3)}× | ${loadAverage()} |`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
