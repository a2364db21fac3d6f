import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../core/errors.js';

/** A stored result's bytes are gone (deleted by hand, lost disk): the download says so instead of failing. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`stored result ${key} is missing`);
  }
}

/** The store cannot take writes (disk full, read-only, bucket unreachable): 503, not 500. */
export const storeUnavailable = (reason: string) =>
  Object.assign(new AppError('storage_unavailable', 'Results cannot be stored right now. Please try again in a few minutes.'), { reason });

/**
 * Where processed files wait for their owner. Asynchronous and streaming, so a result never has to
 * sit whole in memory on its way in or out; a local folder today, an S3-compatible bucket in a cluster.
 */
export interface ResultStore {
  /** Stores the bytes under a key; a reader never sees half a file. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** The bytes of a key, or StoredFileMissing. */
  get(key: string): Promise<Readable>;
  /** Deletes a key; deleting one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Keys last written before a time: files the database forgot (a crash between write and row). */
  listOlderThan(before: Date): AsyncIterable<string>;
}

/** Where an API result's preservable metadata waits beside it, for its retention (docs/decisions/0136). */
export const keptMetadataKey = (resultId: string) => `${resultId}.kept.json`;

const SAFE_KEY = /^[A-Za-z0-9._-]+$/;
const PARTIAL = '.partial';
/** The folder cannot take files: full, read-only, no permission, or a file where it should be (EEXIST, ENOTDIR). */
const UNWRITABLE_FOLDER = ['ENOSPC', 'EROFS', 'EACCES', 'EPERM', 'EDQUOT', 'ENOTDIR', 'EEXIST', 'EISDIR', 'EIO'];

/** The embedded default: a folder on this machine's disk. */
export function fileResultStore(directory: string): ResultStore {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(directory, key);
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      // Write then rename, so a download never sees half a file.
      const temporary = `${target}${PARTIAL}`;
      try {
        await mkdir(directory, { recursive: true });
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        const code = (error as NodeJS.ErrnoException).code;
        if (code && UNWRITABLE_FOLDER.includes(code)) {
          throw storeUnavailable(`results folder cannot be written (${code})`);
        }
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        await stat(file);
      } catch {
        throw new StoredFileMissing(key);
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *listOlderThan(before) {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch {
        return;
      }
      for (const name of names) {
        const info = await stat(path.join(directory, name)).catch(() => null);
        if (!info?.isFile() || info.mtime >= before) continue;
        yield name;
      }
    },
  };
}
