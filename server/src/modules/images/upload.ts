import { formatAllowed, processSettingsSchema, SMALLEST_FORMAT, type ImageRecord, type OutputFormat, type Plan } from '@lightpix/shared';
import type { Upload } from '../../http/multipart.js';
import { AppError, invalidFields } from '../../core/errors.js';
import { outputForOriginal } from '../../images/formats.js';
import { inspectImage } from '../../images/inspect.js';
import { formatsThatFit, plannedSize } from '../../images/limits.js';
import type { OptimiseOptions } from '../../images/optimise.js';
import type { BatchPlace } from './batch-place.js';
import type { QuotaOwner } from '../quota/index.js';
import { presentResult } from '../results/index.js';
import { reserveAndProduce, type ImagesDeps } from './produce.js';

/** The result as its owner sees it, and the units used with it when counted (docs/decisions/0270). */
export interface ProcessedUpload {
  record: ImageRecord;
  unitsUsed: number | null;
}

/** An uploaded file, as the multipart reader hands it over. */
export type { Upload };

type Settings = Omit<OptimiseOptions, 'format' | 'autoFormats'> & { format: OutputFormat | 'original' | typeof SMALLEST_FORMAT };
export type { Settings as ProcessSettings };

/** Reads the multipart text fields into settings, or says which field is wrong (400) or that the plan cannot write the format (403). */
export function parseSettings(fields: Record<string, string>, plan: Plan): Settings {
  const parsed = processSettingsSchema.safeParse(fields);
  if (!parsed.success) throw invalidFields('Some settings are not valid.', parsed.error.issues);
  const { sessionId: _sessionId, ...settings } = parsed.data;
  if (!formatAllowed(plan, settings.format)) {
    throw new AppError('forbidden', `Your plan cannot convert to ${settings.format.toUpperCase()}.`).withParams({
      reason: 'format',
      format: settings.format.toUpperCase(),
    });
  }
  return settings;
}

export interface UploadContext {
  /** The developer API key that sent it, recorded so each key's use can be counted. */
  apiKeyId?: string | null;
  /** The page's selection it belongs to, for "Download all" (docs/decisions/0045). */
  batch?: BatchPlace | null;
}

/**
 * Checks the file, reserves a quota unit, optimises and stores the result.
 * The file is judged before any quota is taken, and a failure gives the unit back. The route holds a
 * place in the queue around it (ResultQueue.admitted, docs/decisions/0270).
 */
export async function processUpload(
  deps: ImagesDeps,
  owner: QuotaOwner,
  plan: Plan,
  upload: Upload,
  settings: Settings,
  { apiKeyId = null, batch = null }: UploadContext = {},
): Promise<ProcessedUpload> {
  const info = await inspectImage(upload.data);
  // An enlargement past the limits is refused before a unit is reserved or a worker is held.
  const size = plannedSize(info, settings);
  const format = settings.format === 'original' ? outputForOriginal(info.format, info.hasAlpha) : settings.format;
  // A format that cannot hold this many pixels is refused here too, naming its limit (docs/decisions/0251).
  const output = { ...size, alpha: info.hasAlpha && format !== 'jpeg' };
  formatsThatFit(output, format === SMALLEST_FORMAT ? plan.outputFormats : [format]);
  const options = { ...settings, format, autoFormats: plan.outputFormats };
  const { row, unitsUsed } = await reserveAndProduce(
    deps,
    plan,
    owner,
    {
      originalName: upload.filename,
      originalSize: upload.data.length,
      apiKeyId,
      batchId: batch?.batchId ?? null,
      folder: batch?.folder ?? null,
    },
    // 'Smallest format' always searches for smart mode's look.
    { kind: 'image', input: { info, options }, smart: settings.quality === 'smart' || settings.format === SMALLEST_FORMAT },
    upload.data,
    'wait',
  );
  return { record: presentResult(row, deps.now()), unitsUsed };
}
