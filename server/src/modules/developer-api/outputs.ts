import { Readable } from 'node:stream';
import type { ApiUsage, OutputFormat, OutputOptions, ShrinkResponse } from '@lightpix/shared';
import { AppError } from '../../core/errors.js';
import type { EncodedFormat } from '../../images/encode.js';
import { ACCEPTED_FORMATS_TEXT, mimeTypeOf, outputForOriginal, type InputFormat } from '../../images/formats.js';
import { checkOutputSize, formatsThatFit, plannedSize, uprightSize } from '../../images/limits.js';
import { inspectImage, isTransparent } from '../../images/inspect.js';
import { sniffFormat } from '../../images/integrity.js';
import type { CropRequest } from '../../images/transform.js';
import { processUpload, reserveAndProduce, type ImagesDeps, type ProcessSettings } from '../images/index.js';
import { quotaUsage, windowStart } from '../quota/index.js';
import { openOwnedResult, type GoneWording, type ResultRow } from '../results/index.js';
import type { ApiCaller } from './auth.js';
import { TinifyError } from './errors.js';
import type { ResultJobSpec } from '../../jobs/result-job.js';

/** Tinify picks the compression per image; so does smart lightening. Metadata goes, as on the web. */
const SHRINK_SETTINGS: ProcessSettings = {
  width: null,
  height: null,
  quality: 'smart',
  format: 'original',
  maintainRatio: true,
  maxBytes: null,
  keepMetadata: false,
  // Copyright, creation and location wait beside the result for a later `preserve` (docs/decisions/0136).
  preservable: true,
};

/** The name API results carry in the owner's history (the API sends no file name). */
const API_FILE_NAME = 'api-image';

const typeToFormat: Record<string, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export interface StoredOutput {
  body: Readable;
  type: string;
  size: number;
  width: number;
  height: number;
  /** How its search ended and how like its source it looks, as the shrink answer says them (decision 0156); null when not recorded. */
  search: ResultRow['search'];
  similarity: number | null;
  /** A transform's units used with it, counted when it was reserved (docs/decisions/0270); else absent or null. */
  unitsUsed?: number | null;
}

/** What an output's answer says about a stored result. */
const describedBy = (row: ResultRow) => ({
  type: mimeTypeOf[row.format as InputFormat] ?? 'application/octet-stream',
  size: row.processedSize,
  width: row.width,
  height: row.height,
  search: row.search,
  similarity: row.similarity,
});

/** An empty body's refusal, before the request takes a place in the queue. */
export function assertInput(data: Buffer | undefined): asserts data is Buffer {
  if (!data || data.length === 0) throw TinifyError.named('InputMissing', 'The request body is empty: send the image bytes as the body.');
}

/** Compresses the image into a result of the caller's; the route holds a place in the queue around it (docs/decisions/0270). */
export async function shrink(
  deps: ImagesDeps,
  caller: ApiCaller,
  data: Buffer,
  base: string,
): Promise<{ id: string; response: ShrinkResponse; unitsUsed: number | null }> {
  const { record, unitsUsed } = await processUpload(deps, caller.owner, caller.plan, { filename: API_FILE_NAME, data }, SHRINK_SETTINGS, {
    apiKeyId: caller.key.id,
  }).catch((error: unknown) => {
    // Tinify answers 415 to anything that is not an image it reads, whatever its first bytes.
    if (error instanceof AppError && error.code === 'unsupported_file_type' && !sniffFormat(data)) {
      throw TinifyError.named(
        'UnsupportedMediaType',
        `File type is not supported: send the raw bytes of a ${ACCEPTED_FORMATS_TEXT} image.`,
      );
    }
    throw error;
  });
  const inputFormat = sniffFormat(data) as InputFormat;
  return {
    id: record.id,
    unitsUsed,
    response: {
      input: { size: data.length, type: mimeTypeOf[inputFormat] },
      output: {
        size: record.processedSize,
        type: mimeTypeOf[record.format as InputFormat],
        width: record.width,
        height: record.height,
        ratio: Math.round((record.processedSize / data.length) * 10_000) / 10_000,
        url: `${base}/output/${record.id}`,
        // Always searched (smart); a result from before the outcome was recorded counts as complete.
        search: record.search ?? 'complete',
        similarity: record.similarity,
      },
    },
  };
}

/** An output's 410, in the API's words. */
const OUTPUT_GONE: GoneWording = {
  expired: 'This output has expired and was deleted. Please compress the image again.',
  missing: 'This output is no longer stored. Please compress the image again.',
};

/** A compressed image, for its owner's keys only (404 for anyone else, 410 once gone); reading it costs nothing. */
export async function readOutput(deps: ImagesDeps, caller: ApiCaller, id: string): Promise<StoredOutput> {
  const { row, body } = await openOwnedResult(deps, caller.owner, id, OUTPUT_GONE);
  return { body, ...describedBy(row) };
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** True when the options ask for any change; an empty POST reads the output like a GET. */
export function changesImage(options: OutputOptions): boolean {
  return Boolean(options.resize || options.convert || options.transform || options.store !== undefined || options.preserve?.length);
}

/** A transform checked and ready to reserve: its source's bytes and the job that makes it. */
export interface PlannedTransform {
  source: ResultRow;
  data: Buffer;
  spec: Extract<ResultJobSpec, { kind: 'apiTransform' }>;
}

/**
 * Checks a transform of a compressed output: the output is the caller's and still stored, the formats
 * and the result's size are allowed. Nothing is reserved and no place in the queue is taken yet.
 */
export async function planTransform(deps: ImagesDeps, caller: ApiCaller, id: string, options: OutputOptions): Promise<PlannedTransform> {
  if (options.store !== undefined) {
    throw TinifyError.named(
      'StoreNotSupported',
      'Saving to Amazon S3 or Google Cloud Storage is not available. Download the output and upload it yourself.',
    );
  }
  const { row: source, body: sourceBody } = await openOwnedResult(deps, caller.owner, id, OUTPUT_GONE);
  const data = await toBuffer(sourceBody);
  const info = await inspectImage(data);
  const formats = await outputFormats(options, caller, outputForOriginal(info.format, info.hasAlpha), () => isTransparent(data, info));
  const { resize } = options;
  const crop: CropRequest | null =
    resize && (resize.method === 'cover' || resize.method === 'thumb')
      ? { method: resize.method, width: resize.width!, height: resize.height! }
      : null;
  const proportional =
    resize && !crop
      ? { width: resize.width ?? null, height: resize.height ?? null, maintainRatio: true }
      : { width: null, height: null, maintainRatio: true };

  // Too large a result is refused before a unit is reserved or a worker is held.
  if (crop) checkOutputSize(uprightSize(info), crop, info.pages);
  // A list of types keeps those that can hold the result's pixels; none fitting is refused (docs/decisions/0251).
  const size = crop ?? plannedSize(info, proportional);
  const fitting = formatsThatFit(
    { width: size.width, height: size.height, alpha: info.hasAlpha && !options.transform?.background },
    formats,
  );
  return {
    source,
    data,
    spec: {
      kind: 'apiTransform',
      input: {
        info,
        resize: proportional,
        crop,
        background: options.transform?.background ?? null,
        formats: fitting,
        preserve: options.preserve?.length ? { fields: options.preserve, from: source.id } : null,
      },
    },
  };
}

/**
 * Resizes, converts or flattens a compressed output into a new result. It costs one unit, as at Tinify
 * (docs/decisions/0052), and starts from the compressed output, because originals are never kept. The
 * route holds a place in the queue around it (docs/decisions/0270).
 */
export async function transformOutput(
  deps: ImagesDeps,
  caller: ApiCaller,
  { source, data, spec }: PlannedTransform,
): Promise<StoredOutput> {
  const { row, unitsUsed } = await reserveAndProduce(
    deps,
    caller.plan,
    caller.owner,
    { originalName: source.originalName, originalSize: data.length, apiKeyId: caller.key.id },
    spec,
    data,
  );
  return { body: (await openOwnedResult(deps, caller.owner, row.id, OUTPUT_GONE)).body, ...describedBy(row), unitsUsed };
}

/**
 * The formats to try: the one asked for, the smallest of several ('*' = every format the plan allows), or
 * the output's own. A transparent image becomes a JPEG only onto a `transform.background`, as at Tinify.
 */
async function outputFormats(
  options: OutputOptions,
  caller: ApiCaller,
  current: EncodedFormat,
  transparent: () => Promise<boolean>,
): Promise<EncodedFormat[]> {
  if (!options.convert) return [current];
  const types = Array.isArray(options.convert.type) ? options.convert.type : [options.convert.type];
  const wanted = types.includes('*/*') ? caller.plan.outputFormats : types.map((type) => typeToFormat[type]!);
  const allowed = [...new Set(wanted)].filter((format) => caller.plan.outputFormats.includes(format));
  if (allowed.length === 0) throw new AppError('forbidden', `Your plan cannot convert to ${types.join(', ')}.`);
  if (!allowed.includes('jpeg') || options.transform?.background || !(await transparent())) return allowed;
  const withAlpha = allowed.filter((format) => format !== 'jpeg');
  if (withAlpha.length > 0) return withAlpha;
  throw TinifyError.named(
    'BadRequest',
    'Converting a transparent image to image/jpeg needs a background: add "transform": {"background": "white"} (or "black", or a hex colour like "#ff0000").',
  );
}

/** This month's compressions (web and API share one ledger) against the plan's allowance. */
export async function usageOf(deps: ImagesDeps, caller: ApiCaller): Promise<ApiUsage> {
  const now = deps.now();
  const { used } = await quotaUsage(deps.db, caller.plan, caller.owner, now);
  const start = windowStart('calendar-month', now);
  return {
    compressionCount: used,
    limit: caller.plan.maxImages,
    tier: caller.user.tier,
    periodStart: start.toISOString(),
    periodEnd: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString(),
  };
}
