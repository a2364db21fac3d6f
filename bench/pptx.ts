/**
 * The PowerPoint optimiser against the common open-source method, deck by deck: bytes, savings, time
 * and the worst slide's look as LibreOffice shows it (PDF → pdftoppm 1280 px wide → ssim.js).
 *
 *   npm run bench:pptx -- <folder> [--target screen|print|smallest] [--corpus /work/shared/corpus] [--build] [--json out.json]
 *
 * A folder without decks (or --build) first gets the benchmark decks, built from the corpus
 * (bench/pptx-decks.ts). Every .pptx and .ppt in the folder is measured, one after another.
 * Markdown goes to stdout, progress to stderr.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { deckTargets, type DeckTarget } from '@lightpix/shared';
import { runDeckJob } from '../server/src/presentations/deck-job.js';
import { convertPptToPptx, isLegacyPpt } from '../server/src/presentations/ppt.js';
import { readPackage, writePackage } from '../server/src/presentations/zip.js';
import { renderSlides, type Slide } from '../server/test/render.js';
import { buildBenchmarkDecks } from './pptx-decks.js';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    target: { type: 'string', default: 'screen' },
    corpus: { type: 'string', default: '/work/shared/corpus' },
    build: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
if (!positionals[0]) throw new Error('Usage: npm run bench:pptx -- <folder> [--target screen|print|smallest] [--build]');
const folder = path.resolve(positionals[0]);
const target = options.target as DeckTarget;
if (!deckTargets.includes(target)) throw new Error(`--target must be one of ${deckTargets.join(', ')}`);

/** The acceptance bars the issue sets. */
const TARGET_RATIO = 0.5;
const TARGET_SSIM = 0.98;
const LARGE_DECK_BYTES = 25 * 1024 * 1024;
const LARGE_DECK_SECONDS = 10;

/** The common method: pictures over 1 MiB saved again as JPEG quality 85 at their own size. */
const BASELINE_MIN_BYTES = 1024 * 1024;
const BASELINE_QUALITY = 85;

const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * The open-source scripts' way (python-pptx or a zip loop with Pillow): each picture over 1 MiB is
 * saved as JPEG quality 85, pixels untouched, under its own name (PowerPoint and LibreOffice read the
 * bytes, not the extension). Transparent pictures would lose their transparency, so they stay; a
 * result that is not smaller is not kept.
 */
async function baseline(deck: Buffer): Promise<Buffer> {
  const entries = await readPackage(deck);
  const out = await Promise.all(
    entries.map(async (entry) => {
      if (!entry.name.startsWith('ppt/media/') || entry.data.length <= BASELINE_MIN_BYTES) return entry;
      try {
        const meta = await sharp(entry.data).metadata();
        if (!['jpeg', 'png', 'tiff'].includes(meta.format ?? '') || (meta.hasAlpha && !(await sharp(entry.data).stats()).isOpaque))
          return entry;
        const data = await sharp(entry.data).flatten({ background: '#ffffff' }).jpeg({ quality: BASELINE_QUALITY }).toBuffer();
        return data.length < entry.data.length ? { ...entry, data } : entry;
      } catch {
        return entry;
      }
    }),
  );
  return writePackage(out);
}

/** A slide's look: ssim.js as the tests call it, and the same with no downsampling of its own. */
interface Look {
  /** ssim.js defaults (Wang et al.'s reference: the 1280-px slide judged at about a third, as from viewing distance). */
  worst: number;
  slide: number;
  /** ssim.js 'fast' on every pixel of the 1280-px slide: renderer resampling alone keeps photo slides near 0.95. */
  strictWorst: number;
}

function worstSlide(before: Slide[], after: Slide[]): Look {
  if (before.length !== after.length) throw new Error(`slide count changed: ${before.length} → ${after.length}`);
  const scores = before.map((slide, i) => ssim(slide, after[i]!).mssim);
  const strict = before.map((slide, i) => ssim(slide, after[i]!, { ssim: 'fast', downsample: false }).mssim);
  const worst = Math.min(...scores);
  return { worst, slide: scores.indexOf(worst) + 1, strictWorst: Math.min(...strict) };
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

interface DeckRow {
  name: string;
  slides: number;
  before: number;
  ours: { bytes: number; seconds: number; look: Look; load: number };
  baseline: { bytes: number; seconds: number; look: Look };
}

async function decksIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((name) => /\.pptx?$/i.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The server's own way: LibreOffice inside bubblewrap. */
const converter = { soffice: 'soffice', bwrap: 'bwrap' };

async function benchDeck(file: string): Promise<DeckRow> {
  const upload = await readFile(file);
  // A .ppt is judged against LibreOffice's own .pptx of it; the baseline starts from that .pptx too.
  const pptx = isLegacyPpt(upload) ? await convertPptToPptx(upload, converter) : upload;
  const load = os.loadavg()[0]!;
  const ours = await timed(() => runDeckJob({ data: upload, target, converter }));
  const common = await timed(() => baseline(pptx));
  const original = await renderSlides(pptx);
  const oursLook = worstSlide(original, await renderSlides(ours.result.data, ours.result.format));
  const commonLook = worstSlide(original, await renderSlides(common.result));
  return {
    name: path.basename(file),
    slides: original.length,
    before: upload.length,
    ours: { bytes: ours.result.data.length, seconds: ours.seconds, look: oursLook, load },
    baseline: { bytes: common.result.length, seconds: common.seconds, look: commonLook },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const pct = (after: number, before: number) => `${((1 - after / before) * 100).toFixed(1)} %`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const lookText = (look: Look) => `${look.worst.toFixed(4)} (${look.strictWorst.toFixed(4)}), slide ${look.slide}`;

function report(rows: DeckRow[]): string {
  const lines = [
    `Target \`${target}\`; ${os.cpus().length} cores. Worst slide: ssim.js as the tests call it (defaults) on LibreOffice's slides rendered 1280 px wide; in brackets ssim.js 'fast' on every pixel.`,
    '',
    '| deck | slides | before | ours after | ours saved | ours time | ours worst slide SSIM (every pixel) | baseline after | baseline saved | baseline time | baseline worst slide SSIM (every pixel) | ours ÷ baseline bytes |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.slides} | ${mb(row.before)} | ${mb(row.ours.bytes)} | ${pct(row.ours.bytes, row.before)} | ${row.ours.seconds.toFixed(1)} s (load ${row.ours.load.toFixed(1)}) | ${lookText(row.ours.look)} | ${mb(row.baseline.bytes)} | ${pct(row.baseline.bytes, row.before)} | ${row.baseline.seconds.toFixed(1)} s | ${lookText(row.baseline.look)} | ${(row.ours.bytes / row.baseline.bytes).toFixed(3)}× |`,
    );
  }
  const ratio = median(rows.map((row) => row.ours.bytes / row.baseline.bytes));
  const worst = Math.min(...rows.map((row) => row.ours.look.worst));
  const large = rows.filter((row) => row.before >= LARGE_DECK_BYTES);
  lines.push(
    '',
    `- Median ours ÷ baseline bytes: **${ratio.toFixed(3)}×** (target ≤ ${TARGET_RATIO}×) — ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}.`,
    `- Worst slide of any deck, ours: **${worst.toFixed(4)}** (target ≥ ${TARGET_SSIM}) — ${worst >= TARGET_SSIM ? 'met' : 'NOT met'}.`,
    ...large.map(
      (row) =>
        `- ${row.name} (${mb(row.before)}): **${row.ours.seconds.toFixed(1)} s** at load average ${row.ours.load.toFixed(1)} (target < ${LARGE_DECK_SECONDS} s) — ${row.ours.seconds < LARGE_DECK_SECONDS ? 'met' : 'NOT met'}.`,
    ),
  );
  if (large.length === 0) lines.push(`- No deck of ${mb(LARGE_DECK_BYTES)} or more in the folder: the speed target is not measured.`);
  return lines.join('\n');
}

let files = await decksIn(folder);
if (options.build || files.length === 0) {
  log(`Building the benchmark decks from ${options.corpus} into ${folder}…`);
  await buildBenchmarkDecks(options.corpus, folder);
  files = await decksIn(folder);
}
const rows: DeckRow[] = [];
for (const file of files) {
  log(`${path.basename(file)}…`);
  const row = await benchDeck(file);
  log(
    `  ${mb(row.before)} → ours ${mb(row.ours.bytes)} in ${row.ours.seconds.toFixed(1)} s (SSIM ${lookText(row.ours.look)}), baseline ${mb(row.baseline.bytes)} (SSIM ${lookText(row.baseline.look)})`,
  );
  rows.push(row);
}
if (options.json) await writeFile(options.json, JSON.stringify({ target, rows }, null, 2));
process.stdout.write(`${report(rows)}\n`);
