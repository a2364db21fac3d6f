/**
 * Smart JPEG against libjpeg-turbo q75 (issue 30: never below its look, median bytes ≤ 0.93× its
 * bytes). turbo-q75 is sharp's libjpeg-turbo-compatible JPEG at quality 75 with optimised Huffman
 * tables (what `cjpeg -quality 75 -optimize` writes), of the same oriented pixels; smart mode keeps
 * JPEG and searches without its deadline (docs/decisions/0130). Both are judged by bench/judge.ts
 * (ssim.js at full size and at ≤ 1600 px): "below" is below turbo-q75's look at either scale.
 *
 *   npm run bench:jpeg -- <photo or folder …> [--auto]
 *
 * --auto also runs `auto` (a premium plan's formats) on each photo and prints issue 36's figure for it:
 * the median of its bytes over the median of turbo-q75's (ratio of medians), with the format it chose;
 * --auto-only runs `auto` alone (no smart JPEG), about half the time.
 * --job-deadline runs `auto` under a job's deadline (SearchDeadline.forJob(), decision 0130) as the
 * service does, and prints each photo's wall time: run it on a quiet machine, as the deadline is partly
 * by the clock.
 *
 * Markdown goes to stdout, progress to stderr.
 */
import sharp from 'sharp';
import { SearchDeadline } from '../server/src/images/deadline.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { optimiseImage } from '../server/src/images/optimise.js';
import { PREMIUM_AUTO } from './engine-direct.js';
import { photosOf } from './image-set.js';
import { judgeAgainst, looksAtLeast, type Judgement } from './judge.js';
import { loadAverage as load, median, table } from './report.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const autoOnly = args.includes('--auto-only');
const jobDeadline = args.includes('--job-deadline');
const withAuto = autoOnly || jobDeadline || args.includes('--auto');
const inputs = args.filter((arg) => !arg.startsWith('--'));
if (inputs.length === 0) throw new Error('usage: npm run bench:jpeg -- <photo or folder …> [--auto]');
const log = (line: string) => process.stderr.write(`${line}\n`);
const look = (j: Judgement) => `${j.full.toFixed(4)} / ${j.view.toFixed(4)}`;

async function main() {
  const images = await photosOf(inputs);
  const loadBefore = load();
  const started = new Date();
  const rows: string[][] = [];
  const ratios: number[] = [];
  const turboBytes: number[] = [];
  const autoBytes: number[] = [];
  const autoRows: string[][] = [];
  let below = 0;
  let autoBelow = 0;
  for (const image of images) {
    const turbo = await sharp(image.data, { limitInputPixels: false })
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
    const judge = await judgeAgainst(image.data);
    const reference = await judge.judge(turbo);
    turboBytes.push(turbo.length);
    if (withAuto) {
      const started = performance.now();
      const deadline = jobDeadline ? SearchDeadline.forJob() : SearchDeadline.none();
      const auto = await optimiseImage(image.data, await inspectImage(image.data), PREMIUM_AUTO, deadline);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const autoLook = await judge.judge(auto.data);
      const autoAtLook = looksAtLeast(autoLook, reference);
      if (!autoAtLook) autoBelow++;
      autoBytes.push(auto.data.length);
      const ratio = (auto.data.length / turbo.length).toFixed(3);
      log(`${image.name}: auto ${auto.format} q${auto.quality} ${ratio}× turbo-q75, ${autoAtLook ? 'at the look' : 'BELOW'}, ${seconds} s`);
      autoRows.push([
        image.name,
        `${turbo.length}`,
        `${auto.data.length} (${auto.format} q${auto.quality})`,
        `${ratio}×`,
        `${look(autoLook)}${autoAtLook ? '' : ' **below**'}`,
        `${seconds} s`,
      ]);
    }
    if (autoOnly || jobDeadline) {
      await judge.close();
      continue;
    }
    const options = { ...PREMIUM_AUTO, format: 'jpeg' as const };
    const smart = await optimiseImage(image.data, await inspectImage(image.data), options, SearchDeadline.none());
    const ours = await judge.judge(smart.data);
    await judge.close();
    const ratio = smart.data.length / turbo.length;
    const atLook = looksAtLeast(ours, reference);
    ratios.push(ratio);
    if (!atLook) below++;
    const setting = smart.alreadyOptimal ? 'original' : `q${smart.quality}`;
    log(`${image.name}: ${setting} ${ratio.toFixed(3)}× turbo-q75, ${atLook ? 'at the look' : 'BELOW'} (load ${load()})`);
    rows.push([
      image.name,
      `${((image.width * image.height) / 1e6).toFixed(1)} MP`,
      `${turbo.length}`,
      look(reference),
      `${smart.data.length} (${setting})`,
      `**${ratio.toFixed(3)}×**`,
      `${look(ours)}${atLook ? '' : ' **below**'}`,
    ]);
  }
  const out = [
    '### Smart JPEG vs libjpeg-turbo q75 (engine in process, no deadline)',
    '',
    `- ${started.toISOString()}, ${images.length} photos, sharp ${sharp.versions.sharp}; load average (1 / 5 / 15 min) ${loadBefore} before, ${load()} after`,
    ...(autoOnly
      ? []
      : [
          `- Median bytes: **${median(ratios).toFixed(3)}×** turbo-q75; below its ssim.js look at either scale: **${below} of ${images.length}**`,
          '',
          table(
            ['Photo', 'Size', 'turbo-q75 bytes', 'turbo-q75 look (full / ≤ 1600 px)', 'Smart bytes', 'Smart × turbo-q75', 'Smart look'],
            rows,
            false,
          ),
        ]),
    '',
    ...(withAuto
      ? [
          `- \`auto\` (premium formats): median bytes ${median(autoBytes)} over turbo-q75's median ${median(turboBytes)}: **${(median(autoBytes) / median(turboBytes)).toFixed(3)}×** (ratio of medians); median of per-photo ratios ${median(autoBytes.map((bytes, i) => bytes / turboBytes[i]!)).toFixed(3)}×; below turbo-q75's look ${autoBelow} of ${images.length}`,
          '',
          `- \`auto\` ran ${jobDeadline ? "under a job's deadline (SearchDeadline.forJob())" : 'without a deadline'}`,
          '',
          table(['Photo', 'turbo-q75 bytes', '`auto` bytes', '`auto` × turbo-q75', '`auto` look', 'Wall time'], autoRows, false),
          '',
        ]
      : []),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
