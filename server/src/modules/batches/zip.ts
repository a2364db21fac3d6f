import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { BATCH_ZIP_NOTE } from '@lightpix/shared';
import { StoredFileMissing, type ResultStore } from '../../storage/result-store.js';

export interface ZipEntry {
  /** Path inside the ZIP, already unique. */
  path: string;
  storageKey: string;
  size: number;
  mtime: Date;
  /** Deflating JPEG, PNG, WebP or AVIF data gains nothing and costs CPU: those are stored as they are. */
  compress: boolean;
}

/**
 * Streams a ZIP of stored results, one entry at a time: each stored file is opened only when the
 * previous one has been written, so memory holds a few chunks whatever the batch's size, and the
 * output waits for a slow reader (yazl pipes with back-pressure).
 * A file that turns out to be gone is left out and named in the note with `notes`.
 */
export function streamZip(store: ResultStore, entries: readonly ZipEntry[], notes: readonly string[], noteHeading: string): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  let stopped = false;
  let current: Readable | null = null;
  const stop = (error?: Error) => {
    if (stopped) return;
    stopped = true;
    current?.destroy();
    if (error) output.destroy(error);
  };
  // The reader went away (download cancelled): stop opening files.
  output.on('close', () => stop());
  zip.on('error', (error: Error) => stop(error));
  zip.outputStream.pipe(output);

  void (async () => {
    const missing: string[] = [];
    for (const entry of entries) {
      if (stopped) return;
      try {
        current = await store.get(entry.storageKey);
      } catch (error) {
        if (error instanceof StoredFileMissing) {
          missing.push(`${entry.path}: no longer stored`);
          continue;
        }
        throw error;
      }
      if (stopped) {
        current.destroy();
        return;
      }
      zip.addReadStream(current, entry.path, { compress: entry.compress, size: entry.size, mtime: entry.mtime });
      await finished(current);
      current = null;
    }
    const lines = [...notes, ...missing];
    if (lines.length > 0) {
      zip.addBuffer(Buffer.from(`${noteHeading}\r\n\r\n${lines.join('\r\n')}\r\n`, 'utf8'), BATCH_ZIP_NOTE, { compress: true });
    }
    zip.end();
  })().catch((error: unknown) => stop(error instanceof Error ? error : new Error(String(error))));
  return output;
}
