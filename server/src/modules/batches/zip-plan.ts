import path from 'node:path';
import { AppError } from '../../core/errors.js';
import { safeFolder, withoutBidiControls, withoutControlCharacters } from '../../core/text.js';
import type { QuotaOwner } from '../quota/index.js';
import { downloadName, isReserved, ownedBatch, type ResultsDeps } from '../results/index.js';
import type { ZipEntry } from './zip.js';

/** Formats whose data is already compressed: a ZIP stores them as they are. */
export const COMPRESSED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);

/** Heading of the note inside a ZIP that lists what it could not include. */
export const NOTE_HEADING = 'These images of the selection are not in this ZIP:';

/**
 * Makes every path unique inside the ZIP the way a file manager does: "photo.jpg", then
 * "photo (2).jpg". Compared without case, since Windows and macOS folders ignore it.
 */
export function uniqueNamer() {
  const taken = new Set<string>();
  return (folder: string | null, name: string): string => {
    const { name: base, ext } = path.posix.parse(name);
    for (let n = 1; ; n++) {
      const candidate = `${folder ? `${folder}/` : ''}${n === 1 ? name : `${base} (${n})${ext}`}`;
      if (!taken.has(candidate.toLowerCase())) {
        taken.add(candidate.toLowerCase());
        return candidate;
      }
    }
  };
}

export interface BatchZip {
  entries: ZipEntry[];
  /** One line per result left out: expired, or still being processed. */
  notes: string[];
  /** The download's file name, dated (decision 0223): the chosen folder's name when the whole batch came from one. */
  filename: string;
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What the batch's ZIP holds, in the order the results were made. Only the owner's results count;
 * a batch with none of theirs does not exist for them (404), one whose results all expired is 410.
 */
export async function planBatchZip(deps: ResultsDeps, owner: QuotaOwner, batchId: string): Promise<BatchZip> {
  // Removed results were taken out on purpose: not listed. A late file is deleted now, as every download does.
  const batch = await ownedBatch(deps, owner, batchId);
  const kept = batch.map(({ row }) => row);
  if (kept.length === 0) throw new AppError('not_found', 'This batch does not exist.');

  const name = uniqueNamer();
  const entries: ZipEntry[] = [];
  const notes: string[] = [];
  // Names are given to every result in the same order, so a result's name does not depend on which others expired.
  for (const { row, downloadable } of batch) {
    // Folders stored before they were cleaned at upload are cleaned here, every segment (docs/decisions/0255).
    const folder = row.folder === null ? null : safeFolder(row.folder);
    const entryPath = name(folder, downloadName(row.originalName, row.format || path.extname(row.originalName).slice(1)));
    if (downloadable && row.storageKey) {
      entries.push({
        path: entryPath,
        storageKey: row.storageKey,
        size: row.processedSize,
        mtime: row.createdAt,
        compress: !COMPRESSED_FORMATS.has(row.format),
      });
    } else if (isReserved(row)) {
      notes.push(
        `${folder ? `${folder}/` : ''}${withoutBidiControls(withoutControlCharacters(row.originalName, ''))}: still being processed when this ZIP was made`,
      );
    } else {
      notes.push(`${entryPath}: expired on ${utc(row.expiresAt)} and was deleted`);
    }
  }
  if (entries.length === 0) throw new AppError('result_expired', 'Every result of this batch has expired and was deleted.');
  const folders = new Set(kept.map((row) => (row.folder === null ? null : safeFolder(row.folder))?.split('/')[0] ?? ''));
  const [onlyFolder] = folders;
  // The day it was made (UTC, as the quota month), so a second ZIP of the day never reads as the first one's copy.
  const day = deps.now().toISOString().slice(0, 10);
  const filename = folders.size === 1 && onlyFolder ? `${onlyFolder}-${day}.zip` : `lightpix-${day}.zip`;
  return { entries, notes, filename };
}
