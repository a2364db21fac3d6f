import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamZip, type ZipEntry } from '../../src/modules/batches/zip.js';
import { s3ResultStore } from '../../src/storage/s3-store.js';
import type { ResultStore } from '../../src/storage/result-store.js';
import { unzip } from '../zip.js';
import { startS3 } from './s3.js';

describe('a batch ZIP streamed from the S3 result store (against s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let store: ResultStore;
  beforeAll(async () => {
    s3 = await startS3();
    store = s3ResultStore(s3.settings);
  });
  afterAll(() => s3.close());

  it('holds each stored object byte for byte, in order, and names a vanished one in not-included.txt', async () => {
    const data = [randomBytes(300_000), randomBytes(7 * 1024 * 1024), randomBytes(10)];
    await Promise.all(data.map((bytes, i) => store.put(`zip-${i}.jpg`, bytes)));
    const entry = (i: number, path: string): ZipEntry => ({
      path,
      storageKey: `zip-${i}.jpg`,
      size: data[i]?.length ?? 1,
      mtime: new Date(),
      compress: false,
    });
    const entries = [entry(0, 'Trip/a.jpg'), entry(9, 'Trip/gone.jpg'), entry(1, 'Trip/b.jpg'), entry(2, 'c.jpg')];

    const chunks: Buffer[] = [];
    for await (const chunk of streamZip(store, entries, [], 'Not in this ZIP:')) chunks.push(chunk as Buffer);
    const files = await unzip(Buffer.concat(chunks));

    expect(files.map((file) => file.name)).toEqual(['Trip/a.jpg', 'Trip/b.jpg', 'c.jpg', 'not-included.txt']);
    expect(files[0]!.data.equals(data[0]!)).toBe(true);
    expect(files[1]!.data.equals(data[1]!)).toBe(true);
    expect(files[2]!.data.equals(data[2]!)).toBe(true);
    expect(files.slice(0, 3).every((file) => file.compressionMethod === 0)).toBe(true);
    expect(files[3]!.data.toString('utf8')).toContain('Trip/gone.jpg: no longer stored');
  });
});
