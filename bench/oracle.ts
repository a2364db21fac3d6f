/**
 * The most any setting of our encoders can save on a photo at libjpeg-turbo q75's look, judged by the
 * judge itself: for each encoder setting below, the lowest quality whose file reaches at least
 * `cjpeg -quality 75`'s ssim.js at both scales (bench/judge.ts, 4 decimals) is found by bisection,
 * and the smallest of those files is the oracle's. No product may judge with the benchmark's judge,
 * nor spend this much time (one ssim.js judgement of a 16 MP photo takes ~25 s here), so the oracle is
 * a ceiling for `auto` ("Smallest format"), not a contender: it tells how much of the gap to a target
 * is the engine's and how much is the codecs'. `auto` itself runs beside it, in this process, and its
 * file counts as one of the oracle's when it reaches the look. --effort sets AVIF's (default 2, the
 * most smart mode spends; 4, libaom's default, takes ~45 s for one 16 MP photo here).
 *
 *   npm run bench:oracle -- <photo or folder …> [--effort 2] [--json out.json] [--reuse earlier.json]
 *
 * --reuse takes each photo's settings from an earlier run's --json (same effort) and searches only
 * `auto` again, judged as before: the ceiling costs ~20 ssim.js judgements a photo, `auto` two. The
 * earlier `auto`'s file, when it reached the look, stays one of the oracle's files.
 *
 * Markdown goes to stdout, progress to stderr.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { SearchDeadline } from '../server/src/images/deadline.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { optimiseImage } from '../server/src/images/optimise.js';
import { cjpegReference } from './contenders.js';
import { PREMIUM_AUTO } from './engine-direct.js';
import { benchImage, loadImageSet, type BenchImage } from './image-set.js';
import { median, table } from './report.js';
import { judgeAgainst, looksAtLeast, type Judgement } from './judge.js';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { effort: { type: 'string', default: '2' }, json: { type: 'string' }, reuse: { type: 'string' } },
});
const effort = Number(options.effort);
if (!Number.isInteger(effort) || effort < 0 || effort > 9) throw new Error('--effort must be a whole number from 0 to 9');
if (positionals.length === 0)
  throw new Error('usage: npm run bench:oracle -- <photo or folder …> [--effort 2] [--json out.json] [--reuse earlier.json]');

interface Setting {
  name: string;
  low: number;
  high: number;
  encode(image: Sharp, quality: number): Sharp;
}

/**
 * The lossy settings the engine searches, each over its whole quality range: WebP at its slowest effort,
 * AVIF as smart mode writes it (tune ssim, 4:2:0) and as libaom writes it by default (4:4:4). JPEG is
 * `auto`'s own file when it chose JPEG (smart's search over mozjpeg's tables and libjpeg-turbo itself).
 */
const SETTINGS: Setting[] = [
  { name: 'webp', low: 40, high: 100, encode: (image, quality) => image.webp({ quality, effort: 6, smartSubsample: true }) },
  { name: 'avif 4:4:4', low: 40, high: 100, encode: (image, quality) => image.avif({ quality, effort }) },
  {
    name: 'avif ssim 4:2:0',
    low: 40,
    high: 100,
    encode: (image, quality) => image.avif({ quality, effort, tune: 'ssim', chromaSubsampling: '4:2:0' }),
  },
];

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Found {
  setting: string;
  quality: number;
  bytes: number;
  look: Judgement;
}

interface PhotoResult {
  name: string;
  pixels: number;
  cjpegBytes: number;
  reference: Judgement;
  auto: { format: string; bytes: number; look: Judgement; atLook: boolean };
  /** Per setting: the smallest file at the look, or null when none at or below the bytes in hand reaches it. */
  settings: Record<string, Found | null>;
}

/**
 * Bisection over quality, assuming the look rises with it: the lowest quality at the reference's look,
 * or null. A quality that misses the look while already `bound` bytes or more ends the search: every
 * file above it is larger still, so none could beat the best in hand.
 */
async function lowestAtLook(
  data: Buffer,
  setting: Setting,
  bound: number,
  passes: (encoded: Buffer) => Promise<Judgement | null>,
): Promise<Found | null> {
  let low = setting.low;
  let high = setting.high;
  let best: Found | null = null;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const encoded = await setting.encode(sharp(data, { limitInputPixels: false }).rotate(), quality).toBuffer();
    const look = await passes(encoded);
    if (look) {
      best = { setting: setting.name, quality, bytes: encoded.length, look };
      high = quality - 1;
    } else if (encoded.length >= bound) {
      break;
    } else {
      low = quality + 1;
    }
  }
  return best;
}

/** An earlier run's results by photo, when --reuse names one. */
async function earlierResults(): Promise<Map<string, PhotoResult>> {
  if (!options.reuse) return new Map();
  const earlier = JSON.parse(await readFile(options.reuse, 'utf8')) as { effort: number; results: PhotoResult[] };
  if (earlier.effort !== effort) throw new Error(`--reuse: ${options.reuse} was run at effort ${earlier.effort}, not ${effort}`);
  return new Map(earlier.results.map((result) => [result.name, result]));
}

/** An earlier `auto`'s file that reached the look is a file some setting of our encoders makes: the oracle keeps it. */
function earlierAuto(earlier: PhotoResult): Record<string, Found | null> {
  const { auto } = earlier;
  return auto.atLook
    ? { 'auto earlier': { setting: `earlier auto (${auto.format})`, quality: 0, bytes: auto.bytes, look: auto.look } }
    : {};
}

async function measure(image: BenchImage, earlier: PhotoResult | undefined): Promise<PhotoResult> {
  const { data } = image;
  const cjpeg = await cjpegReference(image);
  if ('reason' in cjpeg) throw new Error(cjpeg.reason);
  const judge = await judgeAgainst(data);
  try {
    const reference = await judge.judge(cjpeg.data);
    const auto = await optimiseImage(data, await inspectImage(data), PREMIUM_AUTO, SearchDeadline.none());
    const autoLook = await judge.judge(auto.data);
    const autoAtLook = looksAtLeast(autoLook, reference);
    const passes = async (encoded: Buffer) => {
      const look = await judge.judge(encoded);
      return looksAtLeast(look, reference) ? look : null;
    };
    const settings: Record<string, Found | null> = earlier ? { ...earlier.settings, ...earlierAuto(earlier) } : {};
    // cjpeg's own file, and auto's when it keeps the look, are already in hand; so is each setting's best.
    let inHand = Math.min(cjpeg.data.length, autoAtLook ? auto.data.length : Infinity);
    for (const setting of earlier ? [] : SETTINGS) {
      const found = await lowestAtLook(data, setting, inHand, passes);
      settings[setting.name] = found;
      inHand = Math.min(inHand, found?.bytes ?? Infinity);
      log(
        `${image.name} ${setting.name}: ${found ? `q${found.quality} ${(found.bytes / cjpeg.data.length).toFixed(3)}×` : 'none below the bytes in hand'}`,
      );
    }
    return {
      name: image.name,
      pixels: image.width * image.height,
      cjpegBytes: cjpeg.data.length,
      reference,
      auto: { format: auto.format, bytes: auto.data.length, look: autoLook, atLook: autoAtLook },
      settings,
    };
  } finally {
    await judge.close();
  }
}

/** The photos named, and every image sharp reads in the folders named. */
async function photosOf(inputs: string[]): Promise<BenchImage[]> {
  const images: BenchImage[] = [];
  for (const input of inputs.map((name) => path.resolve(name))) {
    if ((await stat(input)).isDirectory()) images.push(...(await loadImageSet(input, false)).images);
    else images.push(await benchImage(input, await readFile(input), { imageClass: 'photo' }));
  }
  return images;
}

const ratio = (bytes: number, result: PhotoResult) => bytes / result.cjpegBytes;
const best = (result: PhotoResult) => {
  const own: Found | null = result.auto.atLook
    ? { setting: `auto (${result.auto.format})`, quality: 0, bytes: result.auto.bytes, look: result.auto.look }
    : null;
  return Object.values(result.settings).reduce<Found | null>((a, b) => (b && (!a || b.bytes < a.bytes) ? b : a), own);
};

async function main() {
  const images = await photosOf(positionals);
  const earlier = await earlierResults();
  const started = new Date();
  const results: PhotoResult[] = [];
  for (const image of images) {
    log(`${image.name}…`);
    results.push(await measure(image, earlier.get(image.name)));
  }
  if (options.json) await writeFile(options.json, JSON.stringify({ started, effort, results }, null, 2));
  const cell = (found: Found | null, result: PhotoResult) =>
    found ? `${ratio(found.bytes, result).toFixed(3)}× (q${found.quality})` : '–';
  // A photo whose oracle finds nothing smaller than cjpeg still has cjpeg's own file: 1×.
  const oracleRatio = (result: PhotoResult) => Math.min(1, ratio(best(result)?.bytes ?? result.cjpegBytes, result));
  const autoOverOracle = (result: PhotoResult) => ratio(result.auto.bytes, result) / oracleRatio(result);
  const autoMedian = median(results.map((r) => ratio(r.auto.bytes, r)));
  const oracleMedian = median(results.map(oracleRatio));
  const rows = results.map((result) => [
    result.name,
    `${(result.pixels / 1e6).toFixed(1)} MP`,
    ...SETTINGS.map((setting) => cell(result.settings[setting.name] ?? null, result)),
    `**${oracleRatio(result).toFixed(3)}×** ${/auto/.test(best(result)?.setting ?? '') ? `(${best(result)!.setting.split(' (')[0]})` : ''}`.trim(),
    `${result.auto.format} ${ratio(result.auto.bytes, result).toFixed(3)}×${result.auto.atLook ? '' : ' (below)'}`,
    `${autoOverOracle(result).toFixed(3)}×`,
  ]);
  const out = [
    `### Oracle: the smallest file at cjpeg q75's look, any setting (effort ${effort} for AVIF, 6 for WebP)`,
    '',
    `- ${started.toISOString()}, ${images.length} photos, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}; bytes × \`cjpeg -quality 75\`'s, judged by ssim.js at full size and at ≤ 1600 px`,
    `- Median: oracle **${oracleMedian.toFixed(3)}×**, \`auto\` ${autoMedian.toFixed(3)}× (**${(autoMedian / oracleMedian).toFixed(3)}×** the oracle's; median of the per-photo ratios ${median(results.map(autoOverOracle)).toFixed(3)}×); \`auto\` below the look: ${results.filter((r) => !r.auto.atLook).length} of ${results.length}; photos the oracle takes to ≤ 0.60×: ${results.filter((r) => oracleRatio(r) <= 0.6).length} of ${results.length}`,
    '',
    table(['Photo', 'Size', ...SETTINGS.map((setting) => setting.name), 'Oracle', '`auto`', '`auto` ÷ oracle'], rows, false),
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
