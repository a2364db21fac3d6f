import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { randomBytes } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredFileMissing, type ResultStore } from '../../src/storage/result-store.js';
import { S3_KEY_PREFIX, s3Client, s3ResultStore } from '../../src/storage/s3-store.js';
import { startS3 } from './s3.js';

describe('the S3 result store (against s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let store: ResultStore;
  beforeAll(async () => {
    s3 = await startS3();
    store = s3ResultStore(s3.settings);
  });
  afterAll(() => s3?.close());

  const objectExists = async (key: string) =>
    (await s3Client(s3.settings)).send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: `${S3_KEY_PREFIX}${key}` })).then(
      () => true,
      () => false,
    );

  it('stores a buffer and a stream and gives the same bytes back, without chunk framing', async () => {
    await store.put('a.jpg', Buffer.from('first'));
    await store.put('b.jpg', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect((await buffer(await store.get('a.jpg'))).toString()).toBe('first');
    expect((await buffer(await store.get('b.jpg'))).toString()).toBe('second');
  });

  it('streams a file larger than one multipart part in and out intact', async () => {
    const big = randomBytes(12 * 1024 * 1024);
    const chunks = Array.from({ length: 12 }, (_, i) => big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    await store.put('big.png', Readable.from(chunks));
    expect((await buffer(await store.get('big.png'))).equals(big)).toBe(true);
  });

  it('says a missing key is missing, and deleting twice is fine', async () => {
    await store.put('gone.png', Buffer.from('x'));
    expect(await objectExists('gone.png')).toBe(true);
    await store.delete('gone.png');
    await store.delete('gone.png');
    expect(await objectExists('gone.png')).toBe(false);
    await expect(store.get('gone.png')).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it('refuses keys that could leave its prefix', async () => {
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });

  it('lists only its own keys written before a time', async () => {
    await store.put('listed.webp', Buffer.from('x'));
    // Another application's object in the same bucket is not ours to list or delete.
    await (await s3Client(s3.settings)).send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: 'other/thing.txt', Body: 'y' }));
    const listed: string[] = [];
    for await (const key of store.listOlderThan(new Date(Date.now() + 60_000))) listed.push(key);
    expect(listed).toContain('listed.webp');
    expect(listed.some((key) => key.includes('/'))).toBe(false);
    const none: string[] = [];
    for await (const key of store.listOlderThan(new Date(Date.now() - 3600_000))) none.push(key);
    expect(none).toEqual([]);
  });

  it('answers 503-class storage_unavailable when the bucket cannot be reached', async () => {
    const unreachable = s3ResultStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(unreachable.put('x.png', Buffer.from('x'))).rejects.toMatchObject({ code: 'storage_unavailable' });
  });
});
