import { batchIdSchema } from '@lightpix/shared';
import { fieldRefusal } from '../../errors.js';
import { withoutBidiControls } from '../../text.js';

/** Which selection a file came with, and the folder it sat in when a folder was chosen. */
export interface BatchPlace {
  batchId: string;
  folder: string | null;
}

const MAX_FOLDER_DEPTH = 12;
const MAX_SEGMENT_LENGTH = 120;
const MAX_FOLDER_LENGTH = 600;

/**
 * The folder part of a browser's relative path ("Holiday/Day 1/photo.jpg" → "Holiday/Day 1"),
 * made safe to unpack: no '..', no absolute paths, no control or reserved characters.
 */
export function cleanFolder(relativePath: string): string | null {
  const segments = relativePath.split(/[\\/]+/).slice(0, -1);
  const clean: string[] = [];
  for (const raw of segments) {
    // Control characters (C0, DEL, C1) and bidi controls: a folder shown as 'Holiday\u202Egpj.exe' lies about itself (docs/decisions/0182).
    const segment = withoutBidiControls(raw)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '')
      .trim()
      .replace(/[. ]+$/, '')
      .slice(0, MAX_SEGMENT_LENGTH);
    if (segment === '' || segment === '.' || segment === '..') continue;
    clean.push(segment);
  }
  const folder = clean.slice(0, MAX_FOLDER_DEPTH).join('/').slice(0, MAX_FOLDER_LENGTH).replace(/\/+$/, '');
  return folder || null;
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
