import path from 'node:path';
import { apiPath, apiPaths, PPTX_MIME_TYPE, type ImageRecord } from '@lightpix/shared';
import type { ResultRow } from '../../db/schema/results.js';
import { extensionOf, mimeTypeOf, type InputFormat } from '../../images/formats.js';
import { withoutBidiControls, withoutControlCharacters } from '../../core/text.js';
import { isExpired } from './spent.js';

/** The name a download gets: the original's base name with the new format's extension. */
export function downloadName(originalName: string, format: string): string {
  // Names stored before bidi and C1 controls were removed at upload lose them here (docs/decisions/0255).
  const base = path.parse(withoutBidiControls(withoutControlCharacters(originalName, ''))).name || 'image';
  return `${base}.${extensionOf[format as keyof typeof extensionOf] ?? format}`;
}

/** A deck downloads as PowerPoint; an image as its format. */
export function contentTypeOf(row: Pick<ResultRow, 'kind' | 'format'>): string {
  if (row.kind === 'deck') return row.format === 'ppt' ? 'application/vnd.ms-powerpoint' : PPTX_MIME_TYPE;
  return mimeTypeOf[row.format as InputFormat] ?? 'application/octet-stream';
}

/** A result as the web app and its history show it: expired once its time is up, a download path while it may be sent. */
export function presentResult(row: ResultRow, now: Date): ImageRecord {
  const expired = isExpired(row, now);
  return {
    id: row.id,
    originalName: row.originalName,
    originalSize: row.originalSize,
    processedSize: row.processedSize,
    status: expired ? 'expired' : row.status,
    objectPath: row.status === 'completed' && !expired ? apiPath(apiPaths.resultDownload, { id: row.id }) : null,
    kind: row.kind,
    report: row.report ?? null,
    format: row.format,
    width: row.width,
    height: row.height,
    quality: row.quality,
    alreadyOptimal: row.alreadyOptimal,
    smart: row.smart,
    search: row.search,
    similarity: row.similarity,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    batchId: row.batchId,
    folder: row.folder,
  };
}
