import {
  DEFAULT_QUALITY,
  estimateBytes,
  parseDimension,
  smartQuality,
  targetSize,
  SMALLEST_FORMAT,
  type OutputFormat,
  type Size,
} from '@lightpix/shared';
import type { processSettingsSchema } from '@lightpix/shared';
import { useFormSchemas } from './laterChecks';

/** What the settings panel edits and the processing request sends. */
export interface ProcessingSettings {
  /** Text as typed; empty keeps the original dimension. */
  width: string;
  height: string;
  maintainRatio: boolean;
  quality: number | 'smart';
  /** 'auto': the smallest of the plan's formats at smart mode's look. */
  format: 'original' | typeof SMALLEST_FORMAT | OutputFormat;
  /** Target size in KB as typed; empty for none. The server uses the largest quality that fits. */
  targetKb: string;
  /** Keep EXIF and XMP (camera, location); off by default for privacy. */
  keepMetadata: boolean;
}

export const defaultSettings: ProcessingSettings = {
  width: '',
  height: '',
  maintainRatio: true,
  quality: DEFAULT_QUALITY,
  format: 'original',
  targetKb: '',
  keepMetadata: false,
};

function dimension(text: string): number | null {
  const value = parseDimension(text);
  return value === null || Number.isNaN(value) ? null : value;
}

/** Bytes of a typed target size in KB: null when empty, NaN when not a positive number. */
export function targetBytes(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const kb = Number(trimmed);
  return Number.isFinite(kb) && kb > 0 ? Math.round(kb * 1024) : Number.NaN;
}

export interface OutputEstimate {
  format: string;
  /** null when neither the original nor the settings tell the size. */
  size: Size | null;
  bytes: number;
  quality: number;
}

/** 'Keep original' writes HEIC photos as JPEG, which every browser shows (docs/decisions/0065-heic-uploads.md). */
const keptAs: Record<string, string> = { HEIC: 'JPEG' };

/** Preview of one file's result under the given settings. */
export function estimateOutput(original: Size & { bytes: number; format: string }, settings: ProcessingSettings): OutputEstimate {
  const request = { width: dimension(settings.width), height: dimension(settings.height), maintainRatio: settings.maintainRatio };
  const quality = settings.quality === 'smart' ? smartQuality(original.bytes) : settings.quality;
  const known = original.width > 0 && original.height > 0;
  let size: Size | null = null;
  if (known) size = targetSize(original, request);
  else if (request.width !== null && request.height !== null) size = { width: request.width, height: request.height };
  const estimate = estimateBytes(original, size ?? original, quality);
  const target = targetBytes(settings.targetKb);
  return {
    format: settings.format === 'original' ? (keptAs[original.format] ?? original.format) : formatLabel(settings.format),
    size,
    bytes: target !== null && target < estimate ? target : estimate,
    quality,
  };
}

/** The multipart text fields of POST /api/images/process. */
export function processFields(settings: ProcessingSettings): Record<string, string> {
  return {
    width: dimension(settings.width)?.toString() ?? '',
    height: dimension(settings.height)?.toString() ?? '',
    quality: String(settings.quality),
    format: settings.format === 'original' ? '' : settings.format,
    maintainRatio: String(settings.maintainRatio),
    // A typed value that is not a size goes as typed, so the server's 400 names the field.
    maxBytes: settings.targetKb.trim() === '' ? '' : String(targetBytes(settings.targetKb) || settings.targetKb.trim()),
    keepMetadata: String(settings.keepMetadata),
  };
}

const labels: Record<string, string> = {
  jpeg: 'JPEG',
  jpg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  gif: 'GIF',
  tiff: 'TIFF',
  tif: 'TIFF',
  heic: 'HEIC',
  heif: 'HEIC',
  [SMALLEST_FORMAT]: 'Auto',
};

/** 'image/jpeg' or 'jpeg' → 'JPEG'; unknown formats upper-cased. */
export function formatLabel(typeOrFormat: string): string {
  const key = typeOrFormat.toLowerCase().replace(/^image\//, '');
  return labels[key] ?? key.toUpperCase();
}

/** The fields the server would refuse, judged by the same schema it reads them with, so the panel warns before sending. */
export function settingsProblems(settings: ProcessingSettings, schema: typeof processSettingsSchema): ReadonlySet<string> {
  const fields = { ...processFields(settings), width: settings.width.trim(), height: settings.height.trim() };
  const result = schema.safeParse(fields);
  return new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])));
}

const noProblems: ReadonlySet<string> = new Set();

function isDefault(settings: ProcessingSettings): boolean {
  return (Object.keys(defaultSettings) as (keyof ProcessingSettings)[]).every((key) => settings[key] === defaultSettings[key]);
}

/**
 * settingsProblems for the panel. The defaults have none (processingSettings.test.ts), so the schema
 * (and zod) loads only once the settings differ from them, not with the page (docs/decisions/0283).
 */
export function useSettingsProblems(settings: ProcessingSettings): ReadonlySet<string> {
  const changed = !isDefault(settings);
  const schemas = useFormSchemas(changed);
  return changed && schemas ? settingsProblems(settings, schemas.processSettingsSchema) : noProblems;
}
