import os from 'node:os';
import { CONTENDERS, REFERENCE, type ContenderName, type NotApplicable } from './contenders.js';
import type { ImageClass } from './image-set.js';
import { looksAtLeast } from './judge.js';

export interface ContenderResult {
  bytes: number;
  /** 1 − bytes / original bytes: negative when the result is larger. */
  savings: number;
  /** ssim.js ('fast') at full resolution (bench/judge.ts). */
  ssim: number;
  /** ssim.js with both images at most 1600 px on the long side. */
  ssimView: number;
  /** butteraugli's distance at the view scale (lower is closer), where it ran. */
  butteraugli: number | null;
  /** Median wall time of one run, in milliseconds. */
  ms: number;
  format: string;
  /** The quality our API chose (ours-* only). */
  quality?: number;
  /** Our API sent back the original's own data, metadata removed (ours-* only). */
  alreadyOptimal?: boolean;
  /** ours-smart: the HTTP job failed (the server's job time limit on a loaded machine); this is the engine's result in the benchmark's process. */
  inProcess?: boolean;
}

export interface ImageResult {
  name: string;
  imageClass: ImageClass;
  format: string;
  width: number;
  height: number;
  originalBytes: number;
  contenders: Partial<Record<ContenderName, ContenderResult | NotApplicable>>;
  /** ours-default through HTTP and sharp-direct, run for run (null when sharp-direct does not cover the format). */
  timing: { httpMs: number[]; sharpMs: number[] } | null;
  /** The engine in process: one fixed-quality encode, smart and 'auto', each run once. */
  engineTiming: { fixedMs: number; smartMs: number; autoMs: number } | null;
}

export const TARGETS = {
  /** Smart JPEG: as small as possible at ≥ cjpeg q75's look at both scales on every photo; 0.88× is the ambition. */
  smartPhotoBytes: 0.88,
  autoPhotoBytes: 0.6,
  autoGraphicBytes: 0.85,
  smartTime: 3,
  autoTime: 5,
  httpOverhead: 1.15,
};

/** Photos at least this large time the speed targets (the issue's 12 MP phone photo). */
const LARGE_PHOTO_PIXELS = 10_000_000;

export const CLASS_TITLE: Record<ImageClass, string> = { photo: 'Photos', graphic: 'Graphics' };

/** The load average as benchmarks print it beside their figures: "1.9 / 2.3 / 3.9" (1, 5 and 15 minutes). */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function resultOf(image: ImageResult, contender: ContenderName): ContenderResult | null {
  const result = image.contenders[contender];
  return result && 'bytes' in result ? result : null;
}

/** At least as close as the reference at both scales of the judge. */
export const resultLooksAtLeast = (ours: ContenderResult, theirs: ContenderResult) =>
  looksAtLeast({ full: ours.ssim, view: ours.ssimView }, { full: theirs.ssim, view: theirs.ssimView });

const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const ssimText = (value: number) => (Number.isFinite(value) ? value.toFixed(4) : 'n/a');
const percent = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)} %` : 'n/a');
const milliseconds = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : 'n/a');
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const butteraugliText = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '–');

/** A Markdown table; every column but the first right-aligned unless `alignRight` is false. */
export function table(header: string[], rows: string[][], alignRight = true): string {
  const rule = header.map((_, i) => (i === 0 || !alignRight ? '---' : '---:'));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** One contender against the class's reference, over the images both have a result for. */
export function comparison(images: ImageResult[], contender: ContenderName, reference: ContenderName) {
  const pairs = images.flatMap((image) => {
    const ours = resultOf(image, contender);
    const theirs = resultOf(image, reference);
    return ours && theirs ? [{ ours, theirs }] : [];
  });
  const ratios = pairs.map(({ ours, theirs }) => ours.bytes / theirs.bytes);
  return {
    images: pairs.length,
    medianRatio: median(ratios),
    medianSsim: median(pairs.map((p) => p.ours.ssim)),
    referenceSsim: median(pairs.map((p) => p.theirs.ssim)),
    /** Images where this contender looks worse than the reference at either scale. */
    below: pairs.filter(({ ours, theirs }) => !resultLooksAtLeast(ours, theirs)).length,
    /** Images where this contender is both within `bound` of the reference's bytes and at least as close at both scales. */
    meeting: (bound: number) =>
      pairs.filter(({ ours, theirs }) => ours.bytes <= bound * theirs.bytes && resultLooksAtLeast(ours, theirs)).length,
  };
}

/** The class's table: one row per contender that ran on it. */
export function classTable(images: ImageResult[], imageClass: ImageClass): string {
  const ofClass = images.filter((image) => image.imageClass === imageClass);
  const reference = REFERENCE[imageClass];
  const rows = CONTENDERS.filter((contender) => ofClass.some((image) => image.contenders[contender])).map((contender) => {
    const results = ofClass.map((image) => resultOf(image, contender)).filter((r): r is ContenderResult => r !== null);
    const notApplicable = ofClass.filter((image) => image.contenders[contender] && !resultOf(image, contender)).length;
    const { medianRatio } = comparison(ofClass, contender, reference);
    return [
      contender,
      `${results.length}${notApplicable ? ` (+${notApplicable} n/a)` : ''}`,
      ratio(medianRatio),
      ssimText(median(results.map((r) => r.ssim))),
      ssimText(median(results.map((r) => r.ssimView))),
      butteraugliText(median(results.flatMap((r) => (r.butteraugli === null ? [] : [r.butteraugli])))),
      percent(median(results.map((r) => r.savings))),
      kilobytes(sum(results.map((r) => r.bytes))),
      milliseconds(median(results.map((r) => r.ms))),
    ];
  });
  const original = kilobytes(sum(ofClass.map((image) => image.originalBytes)));
  return [
    `### ${CLASS_TITLE[imageClass]} (${ofClass.length} images, ${original} original)`,
    '',
    table(
      [
        'Contender',
        'Images',
        `Median bytes vs ${reference}`,
        'SSIM full',
        'SSIM ≤1600',
        'Butteraugli',
        'Median savings',
        'Total bytes',
        'Median ms',
      ],
      rows,
    ),
  ].join('\n');
}

/** Bytes and SSIM of every contender, image by image. */
export function perImageTable(images: ImageResult[], imageClass: ImageClass): string {
  const ofClass = images.filter((image) => image.imageClass === imageClass);
  const contenders = CONTENDERS.filter((contender) => ofClass.some((image) => image.contenders[contender]));
  const rows = ofClass.map((image) => [
    image.name,
    `${image.width}×${image.height} ${image.format}`,
    kilobytes(image.originalBytes),
    ...contenders.map((contender) => {
      const result = resultOf(image, contender);
      if (!result) return image.contenders[contender] ? 'n/a' : '–';
      const chosen = contender === 'ours-smart' ? ` q${result.quality}` : contender === 'ours-auto' ? ` ${result.format}` : '';
      const ba = result.butteraugli === null ? '' : ` / ba ${result.butteraugli.toFixed(2)}`;
      return `${kilobytes(result.bytes)} / ${result.ssim.toFixed(4)} / ${result.ssimView.toFixed(4)}${ba}${chosen}${result.alreadyOptimal ? ' (orig.)' : ''}${result.inProcess ? ' (in process)' : ''}`;
    }),
  ]);
  return [
    `#### ${CLASS_TITLE[imageClass]}, per image (bytes / ssim.js full / ssim.js ≤1600 [/ butteraugli])`,
    '',
    table(['Image', 'Size', 'Original', ...contenders], rows),
  ].join('\n');
}

function timingOf(images: ImageResult[]) {
  const timed = images.filter((image) => image.timing);
  const http = sum(timed.map((image) => sum(image.timing!.httpMs)));
  const direct = sum(timed.map((image) => sum(image.timing!.sharpMs)));
  return { images: timed.length, http, direct, ratio: http / direct };
}

/** ours-default through HTTP against sharp-direct in this process, per class and overall. */
export function timingTable(images: ImageResult[], classes: ImageClass[]): string {
  const rows = [
    ...classes.map((imageClass) => [CLASS_TITLE[imageClass], timingOf(images.filter((image) => image.imageClass === imageClass))] as const),
    ['All', timingOf(images)] as const,
  ].map(([label, t]) => [label, `${t.images}`, `${(t.http / 1000).toFixed(2)} s`, `${(t.direct / 1000).toFixed(2)} s`, ratio(t.ratio)]);
  return table(['Class', 'Images', 'ours-default via HTTP (total)', 'sharp-direct (total)', 'HTTP / sharp'], rows);
}

const verdict = (pass: boolean | null) => (pass === null ? 'n/a' : pass ? 'PASS' : 'MISS');

function engineRatios(images: ImageResult[]) {
  const timed = images.filter((image) => image.engineTiming);
  return {
    images: timed.length,
    smart: median(timed.map((image) => image.engineTiming!.smartMs / image.engineTiming!.fixedMs)),
    auto: median(timed.map((image) => image.engineTiming!.autoMs / image.engineTiming!.fixedMs)),
  };
}

/** Smart and auto against one fixed-quality encode of the same image, per class, and on the large photos. */
export function engineTimingTable(images: ImageResult[], classes: ImageClass[]): string {
  const large = images.filter((image) => image.imageClass === 'photo' && image.width * image.height >= LARGE_PHOTO_PIXELS);
  const rows = [
    ...classes.map(
      (imageClass) => [CLASS_TITLE[imageClass], engineRatios(images.filter((image) => image.imageClass === imageClass))] as const,
    ),
    [`Photos ≥ ${LARGE_PHOTO_PIXELS / 1e6} MP`, engineRatios(large)] as const,
  ].map(([label, r]) => [label, `${r.images}`, ratio(r.smart), ratio(r.auto)]);
  return table(['Class', 'Images', 'Median smart / fixed', 'Median auto / fixed'], rows);
}

/** The issue's targets, with what this run measured. */
export function summary(images: ImageResult[]): string {
  const lines: string[][] = [];
  const photos = images.filter((image) => image.imageClass === 'photo');
  const graphics = images.filter((image) => image.imageClass === 'graphic');
  const smart = comparison(photos, 'ours-smart', 'cjpeg-q75');
  lines.push([
    'Photos: ours-smart at ≥ cjpeg-q75 look at both scales on every photo',
    smart.images === 0 ? 'no image has both results' : `${smart.below}/${smart.images} below`,
    verdict(smart.images === 0 ? null : smart.below === 0),
  ]);
  lines.push([
    `Photos: ours-smart median bytes vs cjpeg-q75 (ambition ${TARGETS.smartPhotoBytes.toFixed(2)}×)`,
    smart.images === 0
      ? 'n/a'
      : `${ratio(smart.medianRatio)}; ${smart.meeting(TARGETS.smartPhotoBytes)}/${smart.images} images ≤ ${TARGETS.smartPhotoBytes.toFixed(2)}× at ≥ look`,
    verdict(smart.images === 0 ? null : smart.medianRatio <= TARGETS.smartPhotoBytes),
  ]);
  for (const [label, set, reference, bound] of [
    ['Photos', photos, 'cjpeg-q75', TARGETS.autoPhotoBytes],
    ['Graphics', graphics, 'pngquant+optipng', TARGETS.autoGraphicBytes],
  ] as const) {
    const c = comparison(set, 'ours-auto', reference);
    lines.push([
      `${label}: ours-auto median bytes ≤ ${bound.toFixed(2)}× ${reference} at ≥ look at both scales`,
      c.images === 0
        ? 'no image has both results'
        : `${ratio(c.medianRatio)}; ${c.below}/${c.images} below the look; ${c.meeting(bound)}/${c.images} images meet both`,
      verdict(c.images === 0 ? null : c.medianRatio <= bound && c.below === 0),
    ]);
  }
  const large = engineRatios(photos.filter((image) => image.width * image.height >= LARGE_PHOTO_PIXELS));
  lines.push([
    `Large photos: smart ≤ ${TARGETS.smartTime}× one fixed encode`,
    large.images ? `${ratio(large.smart)} (median of ${large.images})` : 'no large photo',
    verdict(large.images ? large.smart <= TARGETS.smartTime : null),
  ]);
  lines.push([
    `Large photos: auto ≤ ${TARGETS.autoTime}× one fixed encode`,
    large.images ? `${ratio(large.auto)} (median of ${large.images})` : 'no large photo',
    verdict(large.images ? large.auto <= TARGETS.autoTime : null),
  ]);
  const t = timingOf(images);
  lines.push([
    `HTTP time ≤ ${TARGETS.httpOverhead.toFixed(2)}× sharp-direct`,
    t.images === 0
      ? 'no image timed'
      : `${ratio(t.ratio)} (${(t.http / 1000).toFixed(2)} s vs ${(t.direct / 1000).toFixed(2)} s over ${t.images} images)`,
    verdict(t.images === 0 ? null : t.ratio <= TARGETS.httpOverhead),
  ]);
  return table(['Target', 'Measured', 'Result'], lines, false);
}
