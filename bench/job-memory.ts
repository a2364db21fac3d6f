/**
 * `npm run bench:job-memory`: does the job memory budget hold (docs/decisions/0149)? Jobs run in the
 * server's own process pool with its default limits, one at a time: a 24 MP photo → AVIF (the
 * baseline, a job that fits), a 32 MP PNG → AVIF (the most AVIF may hold, decision 0251), a 100 MP PNG
 * → AVIF (refused before the encode since 0251) and a deck whose two pictures are 100 MP PNGs. For
 * each: the answer, the time, and the peak resident memory of the job process (the kernel's VmHWM,
 * read every 2 ms) against the budget (target ≤ 1.10×), with the time limit lifted to 300 s so only
 * memory ends a job. The load average is printed beside it.
 */
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { peakWhile } from './job-peak.js';
import { loadAverage } from './report.js';
import yazl from 'yazl';
import { childProcessPool } from '../server/src/jobs/process-pool.js';
import type { AppJobs } from '../server/src/jobs/handlers.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { JOB_MEMORY_BUDGET_BYTES } from '../server/src/images/limits.js';
import { readPackage } from '../server/src/presentations/zip.js';

const MB = 1024 * 1024;
const here = (name: string) => new URL(name, import.meta.url);

/** `side`² pixels in 12.5-pixel blocks of noise: ~6.7 MB as a PNG at 100 MP, under the 10 MB upload limit, hard for any encoder. */
async function blockNoisePng(side = 10_000): Promise<Buffer> {
  const blocks = Math.round(side / 12.5);
  const noise = Buffer.alloc(blocks * blocks * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: blocks, height: blocks, channels: 3 } })
    .resize(side, side, { kernel: 'nearest' })
    .png()
    .toBuffer();
}

/** A real deck (libreoffice5.pptx) whose two pictures are replaced by `picture`. */
async function deckWithPictures(picture: Buffer): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const base = await readPackage(await readFile(here('../server/test/fixtures/decks/libreoffice5.pptx')));
  for (const entry of base)
    zip.addBuffer(/^ppt\/media\/image\d\.png$/.test(entry.name) ? picture : entry.data, entry.name, {
      compress: !entry.name.startsWith('ppt/media/'),
    });
  zip.end();
  return buffer(zip.outputStream);
}

const budget = JOB_MEMORY_BUDGET_BYTES;
// A fresh pool per job, so each job's VmHWM is its own (a job process keeps its peak for life).
async function oneJob<K extends keyof AppJobs & string>(kind: K, input: Parameters<AppJobs[K]>[0]) {
  // Only memory ends a job here: on a busy machine the 30 s limit would end some first.
  const pool = childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 1, cpuLimitMs: 300_000 });
  try {
    return await peakWhile(() => pool.run(kind, input));
  } finally {
    await pool.close();
  }
}

console.error('Building the 100 MP PNG and the deck…');
const photo = await sharp(await readFile(here('images/photos/skimage_rocket.jpg')))
  .resize(6000, 4000, { fit: 'fill' })
  .jpeg({ quality: 90 })
  .toBuffer();
const png = await blockNoisePng();
const largestAvif = await blockNoisePng(5656);
const deck = await deckWithPictures(png);
const avif = { width: null, height: null, maintainRatio: true, format: 'avif' as const, quality: 75, maxBytes: null, keepMetadata: false };
const converter = { soffice: 'soffice', bwrap: 'bwrap' };

const runs = [
  {
    label: '24 MP photo → AVIF q75 (baseline)',
    bytes: photo.length,
    run: async () => oneJob('image', { data: photo, info: await inspectImage(photo), options: avif }),
  },
  {
    label: '32 MP PNG → AVIF q75 (the most AVIF may hold)',
    bytes: largestAvif.length,
    run: async () => oneJob('image', { data: largestAvif, info: await inspectImage(largestAvif), options: avif }),
  },
  {
    label: '100 MP PNG → AVIF q75',
    bytes: png.length,
    run: async () => oneJob('image', { data: png, info: await inspectImage(png), options: avif }),
  },
  { label: 'deck, two 100 MP PNG pictures', bytes: deck.length, run: () => oneJob('deck', { data: deck, target: 'screen', converter }) },
];

const lines = [
  `Job memory budget ${(budget / MB).toFixed(0)} MB; load average before: ${loadAverage()}.`,
  '',
  '| job | upload | answer | seconds | peak RSS of the job process | × budget | load average after |',
  '|---|---|---|---|---|---|---|',
];
for (const { label, bytes, run } of runs) {
  console.error(`${label}…`);
  const { peak, seconds, value } = await run();
  const answer = value instanceof Error ? `refused: ${value.message}` : 'done';
  lines.push(
    `| ${label} | ${(bytes / MB).toFixed(1)} MB | ${answer} | ${seconds.toFixed(1)} | ${(peak / MB).toFixed(0)} MB | ${(peak / budget).toFixed(3)}× | ${loadAverage()} |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
