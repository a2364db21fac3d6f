import { batchIdSchema } from '@lightpix/shared';
import { fieldRefusal } from '../../core/errors.js';
import { safeFolder } from '../../core/text.js';

/** Which selection a file came with, and the folder it sat in when a folder was chosen. */
export interface BatchPlace {
  batchId: string;
  folder: string | null;
}

/**
 * The folder part of a browser's relative path ("Holiday/Day 1/photo.jpg" → "Holiday/Day 1"),
 * made safe to unpack: no '..', no absolute paths, no control, bidi or reserved characters (docs/decisions/0182).
 */
export function cleanFolder(relativePath: string): string | null {
  return safeFolder(
    relativePath
      .split(/[\\/]+/)
      .slice(0, -1)
      .join('/'),
  );
}

/** Reads the `batchId` and `relativePath` fields; no batchId means the file is not part of a batch. */
export function parseBatchPlace(fields: { batchId: string; relativePath: string }): BatchPlace | null {
  const batchId = fields.batchId.trim();
  if (batchId === '') return null;
  if (!batchIdSchema.safeParse(batchId).success) {
    throw fieldRefusal(
      'invalid_input',
      'Some settings are not valid.',
      'batchId',
      { code: 'invalid' },
      'Must be a UUID that names the selection.',
    );
  }
  return { batchId: batchId.toLowerCase(), folder: cleanFolder(fields.relativePath) };
}
