import { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface UnzippedEntry {
  name: string;
  data: Buffer;
  /** 0 stored, 8 deflated. */
  compressionMethod: number;
}

/** Every entry of a ZIP, in the archive's order, read with yauzl (independent of the writer). */
export function unzip(zip: Buffer): Promise<UnzippedEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries: UnzippedEntry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          (stream as Readable).on('data', (chunk: Buffer) => chunks.push(chunk));
          (stream as Readable).on('error', reject);
          (stream as Readable).on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks), compressionMethod: entry.compressionMethod });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}
