import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where processed files wait for their owner; an S3-compatible store can take this shape later. */
export interface ResultStore {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Readable;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9._-]+$/;

export function fileResultStore(directory: string): ResultStore {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(directory, key);
  };
  return {
    async put(key, data) {
      await mkdir(directory, { recursive: true });
      // Write then rename, so a download never sees half a file.
      const temporary = `${pathOf(key)}.partial`;
      await writeFile(temporary, data);
      await rename(temporary, pathOf(key));
    },
    read(key) {
      return createReadStream(pathOf(key));
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
