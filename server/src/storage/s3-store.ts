import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageSettings } from '../runtime/env.js';
import { StoredFileMissing, storeUnavailable, type ResultStore } from './result-store.js';

const SAFE_KEY = /^[A-Za-z0-9._-]+$/;
/** Every object Lightpix writes lives under this prefix, so a bucket can be shared and a lifecycle rule can target it. */
export const S3_KEY_PREFIX = 'results/';

export type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/** The AWS SDK is loaded at a store's first call: an installation without a bucket never carries it (docs/decisions/0110). */
const sdk = () => import('@aws-sdk/client-s3');

export async function s3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // S3-compatible servers store streamed bodies with aws-chunked framing unless checksums are only sent when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown, { S3ServiceException }: Awaited<ReturnType<typeof sdk>>) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** What start-up found: the bucket there, created (S3_CREATE_BUCKET), or missing. Other failures (unreachable, refused) throw. */
export async function findBucket(settings: S3Settings, create: boolean): Promise<'found' | 'created' | 'missing'> {
  const s3 = await sdk();
  const client = await s3Client(settings);
  try {
    await client.send(new s3.HeadBucketCommand({ Bucket: settings.bucket }));
    return 'found';
  } catch (error) {
    if (!isMissing(error, s3)) throw error;
    if (!create) return 'missing';
    await client.send(new s3.CreateBucketCommand({ Bucket: settings.bucket }));
    return 'created';
  } finally {
    client.destroy();
  }
}

/** Uploads waiting for a worker (docs/decisions/0091): apart from results, so a lifecycle rule can treat them apart. */
export const S3_INPUT_PREFIX = 'inputs/';

/** Results in an S3-compatible bucket, shared by every instance of a cluster; bytes stream in and out. */
export function s3ResultStore(settings: S3Settings, prefix = S3_KEY_PREFIX): ResultStore {
  const Bucket = settings.bucket;
  let opened: Promise<S3Client> | undefined;
  const client = () => (opened ??= s3Client(settings));
  const objectKey = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return `${prefix}${key}`;
  };
  return {
    async put(key, data) {
      const Key = objectKey(key);
      try {
        const { Upload } = await import('@aws-sdk/lib-storage');
        // A multipart upload is completed in one step, so a reader never sees half an object.
        await new Upload({ client: await client(), params: { Bucket, Key, Body: data }, queueSize: 2, partSize: 5 * 1024 * 1024 }).done();
      } catch (error) {
        if (data instanceof Readable) data.destroy();
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw storeUnavailable(`bucket ${Bucket} cannot be written (${reason})`);
      }
    },
    async get(key) {
      const s3 = await sdk();
      try {
        const object = await (await client()).send(new s3.GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error('the S3 client returned no stream');
        return object.Body;
      } catch (error) {
        if (isMissing(error, s3)) throw new StoredFileMissing(key);
        throw error;
      }
    },
    async delete(key) {
      const { DeleteObjectCommand } = await sdk();
      await (await client()).send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *listOlderThan(before) {
      const { ListObjectsV2Command } = await sdk();
      let ContinuationToken: string | undefined;
      do {
        const page = await (await client()).send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified || object.LastModified >= before) continue;
          yield object.Key.slice(prefix.length);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
