import type { Sharp } from 'sharp';
import { fromPixels, sharp } from './loaders.js';
import { smartQuality as sizeBasedQuality, type ResizeRequest } from '@lightpix/shared';
import { AppError } from '../core/errors.js';
import { encode, keepsAnimation, type EncodedFormat } from './encode.js';
import { decodeHeic, readHeif, damagedHeic } from './heic.js';
import { SearchDeadline, type SearchOutcome } from './deadline.js';
import { classifySharpError, MAX_INPUT_PIXELS, type ImageInfo } from './inspect.js';
import { pageSizeLook, shownSimilarity } from './look.js';
import { formatsThatFit, JOB_WALL_LIMIT_MS, MAX_SEARCH_PIXELS, plannedSize, uprightSize, type PlannedOutput } from './limits.js';
import { smallestFormat, animationFormat } from './smallest.js';
import { packPng } from './png-pack.js';
import { smartTuning, type QualityChoice } from './search.js';
import { smartSettings } from './smart.js';
import type { RawImage } from './ssim.js';
import { writeExif } from './exif.js';
import {
  ALL_METADATA_FIELDS,
  NOTHING_KEPT,
  nothingKept,
  PRESERVABLE_FIELDS,
  readKeptMetadata,
  selectKept,
  type KeptMetadata,
} from './kept-metadata.js';
import { stripMetadata, withKeptMetadata } from './strip-metadata.js';

export interface OptimiseOptions extends ResizeRequest {
  /** 'auto': the smallest of `autoFormats` at smart mode's look (docs/decisions/0067-smallest-format.md). */
  format: EncodedFormat | 'auto';
  /** The formats 'auto' may choose from: the plan's. */
  autoFormats?: readonly EncodedFormat[];
  quality: number | 'smart';
  /** The result must not be larger than this; the largest quality that fits is used (the closest when cut short, decision 0155). */
  maxBytes: number | null;
  /** Keep copyright, creation, location and camera fields (docs/decisions/0136); off by default for privacy. */
  keepMetadata: boolean;
  /** The API's shrink: read the fields a later `preserve` may ask for, returned beside the result (docs/decisions/0136). */
  preservable?: boolean;
}

export interface OptimisedImage {
  data: Buffer;
  format: EncodedFormat;
  width: number;
  height: number;
  quality: number;
  /** The original's own compressed data came back (metadata removed): re-encoding could not beat it. */
  alreadyOptimal: boolean;
  /** With `preservable`: the original's copyright, creation and location fields, not written into `data`. */
  preservable?: KeptMetadata;
  /** Smart mode's, `auto`'s or a target size's search ran to its end or was cut short by its deadline; null without one (a fixed quality). */
  search: SearchOutcome | null;
  /** How like the original it looks, as SSIM (look.ts; docs/decisions/0131-the-look-shown.md). */
  similarity: number;
}

/**
 * libvips' own timeout counts wall-clock time, so it stands at the job's wall-clock backstop: the CPU
 * limit is the pool's, read from outside (jobs/process-pool.ts, docs/decisions/0158).
 */
const TIME_LIMIT_SECONDS = JOB_WALL_LIMIT_MS / 1000;
/** Target-size search walks the slider's own steps. */
const QUALITY_STEP = 5;
const LOWEST_QUALITY = 10;
/** Room for the segment or chunk headers and PNG's text copies around kept fields. */
const KEPT_CONTAINER_BYTES = 256;

async function run<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw classifySharpError(error);
  }
}

/**
 * A fixed quality decodes the upload once up to this many output pixels, so its look's view is taken
 * from the same pixels as the encode instead of a second decode (~0.12× of sharp's CPU on a 12 MP
 * photo); above it, the raw pixels (3–4 bytes each) would add more to a job's memory than they save
 * (docs/decisions/0159-the-web-paths-cost-second-round.md).
 */
const DECODE_ONCE_PIXELS = 16_000_000;

/**
 * Smart WebP and AVIF of a still image are `auto` among that one format: the very search a list that ends in
 * that format runs, so a convert to one format is never larger than the same format chosen from a list
 * (lossless and palette WebP, AVIF judged whole). Smart JPEG's and smart PNG's own searches are not larger
 * than `auto`'s in their format (docs/decisions/0301-one-search-on-the-web-too.md, extending 0232 to the web app).
 */
const ONE_FORMAT_SEARCHES: ReadonlySet<EncodedFormat | 'auto'> = new Set(['webp', 'avif']);

/** Formats whose encode from decoded pixels writes the very bytes of an encode from the file (PNG and GIF would lose the original's density). */
const DECODED_ONCE_FORMATS: ReadonlySet<EncodedFormat> = new Set(['jpeg', 'webp', 'avif']);

/** Orientation, resize and compositing, from the upload; metadata is dropped unless asked for. */
function basePipeline(
  data: Buffer,
  info: ImageInfo,
  options: Omit<OptimiseOptions, 'format'> & { format: EncodedFormat | 'auto' | null },
  size: { width: number; height: number; resized: boolean; animated: boolean },
): Sharp {
  const { resized, animated } = size;
  let pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', animated }).timeout({ seconds: TIME_LIMIT_SECONDS });
  if (info.orientation !== 1) pipeline = pipeline.rotate();
  if (resized) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  if (flattened(options.format, options.autoFormats) && info.hasAlpha) pipeline = pipeline.flatten({ background: '#ffffff' });
  return pipeline;
}

/**
 * 'Smallest format' past the search's pixel limit writes one format at smart mode's look: the upload's
 * own when allowed, else WebP, else PNG for transparency and JPEG without (docs/decisions/0251).
 */
function largeAutoFormat(planned: PlannedOutput, allowed: readonly EncodedFormat[], info: ImageInfo): EncodedFormat | null {
  if (planned.width * planned.height <= MAX_SEARCH_PIXELS || allowed.length === 0) return null;
  const preferred: string[] = [info.format, 'webp', planned.alpha ? 'png' : 'jpeg'];
  return preferred.map((wanted) => allowed.find((format) => format === wanted)).find(Boolean) ?? allowed[0]!;
}

/** JPEG has no alpha: a transparent image bound for it is flattened on white first, also when `auto` may choose JPEG alone. */
function flattened(format: EncodedFormat | 'auto' | null, autoFormats: readonly EncodedFormat[] = []): boolean {
  return format === 'jpeg' || (format === 'auto' && autoFormats.length > 0 && autoFormats.every((allowed) => allowed === 'jpeg'));
}

/**
 * Decodes once to pixels that every trial encode (smart, target size) starts from. A grey image with
 * alpha is decoded as RGBA: sharp's raw output of a grey image keeps its first band alone, which lost
 * the alpha of every grey+alpha PNG (docs/decisions/0231-every-channel-kept.md).
 */
async function preparePixels(pipeline: Sharp, info: ImageInfo): Promise<RawImage> {
  const { data, info: raw } = await run(
    pipeline
      .toColourspace(info.isGrey && !info.hasAlpha ? 'b-w' : 'srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  return { data, width: raw.width, height: raw.height, channels: raw.channels };
}

/** An image job as a job process is sent it (jobs/handlers.ts): the upload's bytes, what inspectImage found, the options. */
export interface ImageJob {
  data: Buffer;
  info: ImageInfo;
  options: OptimiseOptions;
}

/** The engine's entry for an image job. */
export const optimiseImageJob = (job: ImageJob): Promise<OptimisedImage> => optimiseImage(job.data, job.info, job.options);

/**
 * Applies orientation, resize, format and quality; strips metadata unless kept; never grows a same-format
 * file. A smart or `auto` search stops at `deadline` with the best it has verified (decision 0130).
 */
export async function optimiseImage(
  upload: Buffer,
  info: ImageInfo,
  options: OptimiseOptions,
  deadline = SearchDeadline.forJob(),
): Promise<OptimisedImage> {
  const upright = uprightSize(info);
  const size = plannedSize(info, options);
  // HEIC becomes a PNG with its profile and EXIF; the original's bytes are never sent back for it.
  const data = info.format === 'heic' ? await heicAsPng(upload) : upload;
  const resized = size.width !== upright.width || size.height !== upright.height;
  // A format that cannot hold this many pixels within a job's budget is left out of `auto`, or refused (decision 0251).
  const planned = { ...size, alpha: info.hasAlpha && !flattened(options.format, options.autoFormats) };
  const allowed = options.format === 'auto' ? formatsThatFit(planned, options.autoFormats ?? []) : (options.autoFormats ?? []);
  if (options.format !== 'auto') formatsThatFit(planned, [options.format]);
  // A target size keeps its own search: `auto`'s lossless choices have no quality to lower.
  if (options.quality === 'smart' && options.maxBytes === null && info.pages === 1 && ONE_FORMAT_SEARCHES.has(options.format))
    return optimiseImage(upload, info, { ...options, format: 'auto', autoFormats: [options.format as EncodedFormat] }, deadline);
  // 'auto' keeps an animation's frames (WebP when allowed); for a still image the format is chosen after the search.
  const auto = options.format === 'auto';
  const animatedAuto = auto && info.pages > 1 ? animationFormat(allowed, info.format === 'gif' ? 'gif' : 'webp') : null;
  const fixedFormat: EncodedFormat | null =
    options.format === 'auto' ? (animatedAuto ?? largeAutoFormat(planned, allowed, info)) : options.format;
  const animated = info.pages > 1 && fixedFormat !== null && keepsAnimation(fixedFormat);
  const base = (format: EncodedFormat | null) =>
    basePipeline(data, info, { ...options, format: format ?? (auto ? 'auto' : null) }, { ...size, resized, animated });

  // Trial encodes (smart, target size) start from pixels decoded once; so does a fixed quality's measured look (decision 0159).
  const searches = options.quality === 'smart' || options.maxBytes !== null || (auto && !animated);
  const decodeOnce =
    !animated && fixedFormat !== null && DECODED_ONCE_FORMATS.has(fixedFormat) && size.width * size.height <= DECODE_ONCE_PIXELS;
  const pixels = animated || !(searches || decodeOnce) ? null : await preparePixels(base(fixedFormat), info);
  const seed = sizeBasedQuality(upload.length);
  const picked: (QualityChoice & { format?: EncodedFormat; encoded?: Buffer }) | null =
    fixedFormat === null
      ? await run(smallestFormat(pixels!, allowed, seed, { ...info, hasAlpha: info.hasAlpha && !flattened('auto', allowed) }, deadline))
      : null;
  const format: EncodedFormat = picked?.format ?? fixedFormat!;
  const source = () => {
    let pipeline = pixels ? fromPixels(pixels) : base(format);
    // Pixels with alpha written as JPEG: on white, as a fixed JPEG is (sharp would drop the alpha and show the colours under it).
    if (pixels && format === 'jpeg' && pixels.channels % 2 === 0) pipeline = pipeline.flatten({ background: '#ffffff' });
    // JPEG and PNG can store one channel: a grey image stays a third of the size.
    return info.isGrey && (format === 'jpeg' || format === 'png') ? pipeline.toColourspace('b-w') : pipeline;
  };
  const choice: QualityChoice =
    picked ??
    (options.quality !== 'smart' && !auto
      ? { quality: options.quality, tuning: { pixels: size.width * size.height } }
      : pixels
        ? await run(smartSettings(pixels, format, seed, deadline))
        : { quality: seed, tuning: smartTuning(size) });
  const { tuning } = choice;
  let { quality } = choice;
  const render = (q: number) => run(encode(source(), format, q, tuning).toBuffer());

  // Kept fields are written into the encoded file, the same way as the API's preserve (docs/decisions/0136).
  const read = options.keepMetadata || options.preservable ? await readKeptMetadata(data) : NOTHING_KEPT;
  const kept = options.keepMetadata ? selectKept(read, ALL_METADATA_FIELDS) : NOTHING_KEPT;
  const preservable = options.preservable ? { preservable: selectKept(read, PRESERVABLE_FIELDS) } : {};
  const keptBytes = nothingKept(kept) ? 0 : writeExif(kept).length + KEPT_CONTAINER_BYTES;
  // Lossless is the original's pixels; a setting the search verified carries its score; anything else is measured once.
  const lossless = (format === 'png' && quality >= 100) || tuning.webpLossless === true;
  const measuredLook = () =>
    pageSizeLook(pixels ? fromPixels(pixels) : sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate(), size, {
      // A JPEG was flattened on white on purpose: over white is what it promises; every other format keeps the alpha, judged over black too.
      overBlack: format !== 'jpeg',
    });
  const look = options.maxBytes === null && (lossless || choice.similarity !== undefined) ? null : measuredLook();
  // `auto` may have written and judged its winner in full already (decision 0139).
  let output: Buffer = picked?.encoded ?? (await render(quality));
  if (options.maxBytes !== null && output.length + keptBytes > options.maxBytes) {
    ({ quality, output } = await fitInto(options.maxBytes - keptBytes, quality, render, output, deadline));
  }
  // Every PNG packed by oxipng: the same pixels in fewer bytes (docs/decisions/0265-graphics-packed-by-oxipng.md); `auto`'s
  // PNG written in full (pngquant's own palette, decision 0300) comes packed already.
  if (format === 'png' && output !== picked?.encoded) output = await packPng(output, size.width * size.height);
  // Smart PNG: pngquant's own palette when smaller, or instead of a palette no search verified (decision 0288).
  const replacement =
    options.maxBytes === null && choice.instead ? await choice.instead(output, lossless || choice.similarity !== undefined) : null;
  if (replacement) ({ data: output, quality } = replacement);
  // A search for the look or for a target size says whether it ran to its end (decisions 0130, 0155).
  const search = (pixels && (options.quality === 'smart' || auto)) || options.maxBytes !== null ? deadline.outcome : null;

  // `auto` keeps the upload itself when the plan allows its format and nothing it wrote is smaller (decision 0161).
  const uploadFormat = format === info.format ? format : auto ? allowed.find((allowedFormat) => allowedFormat === info.format) : undefined;
  const sameFrame = !resized && info.orientation === 1 && uploadFormat !== undefined;
  if (sameFrame && output.length >= data.length) {
    const original = stripMetadata(info.format, data);
    if (original && original.length <= output.length) {
      const image = withKeptMetadata(original, uploadFormat, kept, info);
      // The original's own pixels.
      return {
        data: image,
        format: uploadFormat,
        width: info.width,
        height: info.height,
        quality,
        alreadyOptimal: true,
        search,
        similarity: 1,
        ...preservable,
      };
    }
  }
  const similarity = replacement
    ? await run((look ?? measuredLook()).against(output))
    : choice.similarity !== undefined && quality === choice.quality
      ? choice.similarity
      : look
        ? await run(look.against(output))
        : 1;
  return {
    data: withKeptMetadata(output, format, kept, size),
    format,
    width: size.width,
    height: size.height,
    quality,
    alreadyOptimal: false,
    search,
    similarity: shownSimilarity(similarity),
    ...preservable,
  };
}

async function heicAsPng(data: Buffer): Promise<Buffer> {
  const facts = readHeif(data);
  if (!facts) throw damagedHeic();
  return decodeHeic(data, facts, { maxPixels: MAX_INPUT_PIXELS, timeoutMs: TIME_LIMIT_SECONDS * 1000 });
}

/**
 * The largest quality on the slider's steps, below the chosen one, whose result fits `maxBytes`. Past the
 * deadline it probes no more and keeps the best fit found, else the closest (decision 0155): a busy
 * machine gets a larger file, never a 422.
 */
async function fitInto(
  maxBytes: number,
  chosen: number,
  render: (q: number) => Promise<Buffer>,
  tooLarge: Buffer,
  deadline: SearchDeadline,
) {
  let low = LOWEST_QUALITY;
  let high = Math.floor((Math.min(chosen, 100) - 1) / QUALITY_STEP) * QUALITY_STEP;
  let best: { quality: number; output: Buffer } | null = null;
  let closest = { quality: chosen, output: tooLarge };
  while (low <= high) {
    if (deadline.passed) return best ?? closest;
    const quality = Math.round((low + high) / 2 / QUALITY_STEP) * QUALITY_STEP || LOWEST_QUALITY;
    const output = await render(quality);
    if (output.length <= maxBytes) {
      best = { quality, output };
      low = quality + QUALITY_STEP;
    } else {
      if (output.length < closest.output.length) closest = { quality, output };
      high = quality - QUALITY_STEP;
    }
  }
  if (!best) {
    const smallest = closest.output.length;
    throw new AppError(
      'target_unreachable',
      `This image cannot be made as small as ${maxBytes} bytes with these settings (the smallest we reached is ${smallest} bytes). Try smaller dimensions or another format.`,
      { maxBytes: `Smallest reachable: ${smallest} bytes.` },
    );
  }
  return best;
}
