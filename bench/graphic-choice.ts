/**
 * Whether the search's mosaic ranks a graphic's two exact-or-palette finalists, the palette PNG and
 * lossless WebP, as the whole image does (`graphicChoice` in server/src/images/smallest.ts compares
 * them on the sample only; docs/decisions/0161). For each graphic above the sample's size (decision
 * 0100): the palette smart PNG verifies on the sample, both finalists' bytes on the sample and at full
 * size, whether the order agrees, the CPU time of each full-size encode, and the upload's own bytes.
 *
 *   npx tsx bench/graphic-choice.ts <graphic …>
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { encode, type EncodeTuning } from '../server/src/images/encode.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { fromPixels, rawPixels } from '../server/src/images/loaders.js';
import { detailSample, smartTuning } from '../server/src/images/search.js';
import { paletteSettings } from '../server/src/images/smart-png.js';
import type { RawImage } from '../server/src/images/ssim.js';
import { loadAverage, table } from './report.js';

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Bytes of one encode and its CPU time; a grey image's PNG keeps one channel, as optimise.ts writes it. */
async function written(image: RawImage, format: 'png' | 'webp', quality: number, tuning: EncodeTuning, grey: boolean) {
  const since = process.cpuUsage();
  const pipeline = grey && format === 'png' ? fromPixels(image).toColourspace('b-w') : fromPixels(image);
  const bytes = (await encode(pipeline, format, quality, tuning).toBuffer()).length;
  return { bytes, ms: cpuMs(since) };
}

const rows: string[][] = [];
for (const file of process.argv.slice(2)) {
  const data = await readFile(file);
  const info = await inspectImage(data).catch(() => null);
  if (!info) continue;
  const prepared = await rawPixels(
    sharp(data)
      .rotate()
      .toColourspace(info.isGrey ? 'b-w' : 'srgb'),
  );
  const sample = detailSample(prepared);
  if (sample === prepared) continue;
  const palette = await paletteSettings(prepared, 75, { sample });
  const lossless = { ...smartTuning(prepared), webpLossless: true };
  const webpSample = await written(sample, 'webp', 100, lossless, info.isGrey);
  const webpFull = await written(prepared, 'webp', 100, lossless, info.isGrey);
  const name = file.split('/').pop()!;
  const size = `${prepared.width}×${prepared.height}`;
  if (palette.bytes === null) {
    rows.push([
      name,
      size,
      'none',
      '–',
      `${webpSample.bytes}`,
      '–',
      '–',
      `${webpFull.bytes}`,
      '–',
      '–',
      `${webpFull.ms.toFixed(0)}`,
      `${data.length}`,
    ]);
    continue;
  }
  const pngFull = await written(prepared, 'png', palette.quality, palette.tuning, info.isGrey);
  const sampleRatio = webpSample.bytes / palette.bytes;
  const fullRatio = webpFull.bytes / pngFull.bytes;
  const agree = sampleRatio > 1 === fullRatio > 1 ? 'yes' : '**no**';
  rows.push([
    name,
    size,
    `q${palette.quality}${palette.tuning.paletteDither ? ' dithered' : ''}`,
    `${palette.bytes}`,
    `${webpSample.bytes}`,
    sampleRatio.toFixed(2),
    `${pngFull.bytes}`,
    `${webpFull.bytes}`,
    `${fullRatio.toFixed(2)} (${agree})`,
    `${pngFull.ms.toFixed(0)}`,
    `${webpFull.ms.toFixed(0)}`,
    `${data.length}`,
  ]);
}
const header = [
  'graphic',
  'pixels',
  'palette',
  'sample PNG',
  'sample WebP',
  'WebP ÷ PNG',
  'full PNG',
  'full WebP',
  'WebP ÷ PNG (same order)',
  'full PNG ms',
  'full WebP ms',
  'upload',
];
process.stdout.write(
  `Mosaic graphics, ${new Date().toISOString()}, load ${loadAverage()}; bytes, CPU ms\n\n${table(header, rows, false)}\n`,
);
