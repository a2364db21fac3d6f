import { Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { StoredFileMissing, type ResultStore } from '../../storage/result-store.js';
import type { ExportedFile } from './contents.js';

/** The entries beside the result files. */
export const EXPORT_JSON = 'lightpix-data.json';
export const EXPORT_README = 'README.txt';

export interface ExportZipParts {
  files: readonly ExportedFile[];
  /** The JSON, written once the files are in, told which of them turned out to be gone. */
  json(missing: ReadonlySet<string>): string;
  readme: string;
  /** 0–100 as the result files' bytes are written. */
  progress(percent: number): void;
}

/**
 * Streams the export's ZIP into the store under `key` with yazl, one stored file at a time (as a batch's
 * ZIP is made, modules/batches/zip.ts), so memory holds a few chunks whatever the account holds. A file
 * deleted meanwhile (expired, removed) is left out and its `file` is null in the JSON. Gives the ZIP's bytes.
 */
export async function writeExportZip(store: ResultStore, key: string, parts: ExportZipParts): Promise<number> {
  const zip = new ZipFile();
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  let current: Readable | null = null;
  zip.on('error', (error: Error) => counted.destroy(error));
  zip.outputStream.pipe(counted);
  const stored = store.put(key, counted);

  const fill = async () => {
    const missing = new Set<string>();
    const total = parts.files.reduce((sum, file) => sum + file.size, 0) || 1;
    let written = 0;
    for (const file of parts.files) {
      try {
        current = await store.get(file.storageKey);
      } catch (error) {
        if (!(error instanceof StoredFileMissing)) throw error;
        missing.add(file.path);
        continue;
      }
      zip.addReadStream(current, file.path, { compress: file.compress, size: file.size, mtime: file.mtime });
      await finished(current);
      current = null;
      written += file.size;
      parts.progress(Math.floor((written / total) * 100));
    }
    zip.addBuffer(Buffer.from(parts.json(missing), 'utf8'), EXPORT_JSON, { compress: true });
    zip.addBuffer(Buffer.from(parts.readme, 'utf8'), EXPORT_README, { compress: true });
    zip.end();
  };
  try {
    // A store that cannot take the ZIP (disk full) fails the export at once, whatever file is being read.
    await Promise.all([fill(), stored]);
  } catch (error) {
    (current as Readable | null)?.destroy();
    counted.destroy();
    await stored.catch(() => undefined);
    throw error;
  }
  return size;
}
