import type { Env } from '../runtime/env.js';
import { findBucket } from '../storage/s3-store.js';

/** A service a setting names cannot be used at start: one line naming the setting, exit 1 (docs/decisions/0206). */
export class ServiceUnreachable extends Error {}

type Warn = (details: object, message: string) => void;

/** host:port of a URL, never its password. */
const whereIs = (url: string, defaultPort: string) => {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.hostname}:${parsed.port || defaultPort}` : 'the address given';
};
const reasonOf = (error: unknown) => (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));

/**
 * Redis is only useful with `noeviction`: under another policy a full Redis drops queued jobs and their
 * notes silently. The policy may be hidden (managed Redis refusing CONFIG): then nothing is said.
 */
export const EVICTION_POLICY_OK = 'noeviction';

/** REDIS_URL answers a PING within 5 s, and its eviction policy is read; the connection is closed again. */
async function checkRedis(url: string, warn: Warn): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's error (ECONNREFUSED, ENOTFOUND) says more than the rejected connect ("Connection is closed").
  let socketError: unknown;
  redis.on('error', (error) => (socketError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new ServiceUnreachable(`REDIS_URL: cannot reach Redis at ${whereIs(url, '6379')} (${reasonOf(socketError ?? error)}).`);
  }
  const policy = await redis
    .config('GET', 'maxmemory-policy')
    .then((answer) => (answer as string[])[1])
    .catch(() => undefined);
  redis.disconnect();
  if (policy && policy !== EVICTION_POLICY_OK) {
    warn(
      { maxmemoryPolicy: policy },
      `Redis maxmemory-policy is ${policy}: a full Redis would drop queued jobs; set it to ${EVICTION_POLICY_OK}`,
    );
  }
}

/** The bucket exists (or is created with S3_CREATE_BUCKET=true) and answers. */
async function checkBucket(env: Env, warn: Warn): Promise<void> {
  if (env.storage.kind !== 's3') return;
  const setting = env.STORAGE_URL ? 'STORAGE_URL' : 'S3_BUCKET';
  const place = env.storage.endpoint ? ` at ${whereIs(env.storage.endpoint, '443')}` : '';
  let found: Awaited<ReturnType<typeof findBucket>>;
  try {
    found = await findBucket(env.storage, env.S3_CREATE_BUCKET);
  } catch (error) {
    throw new ServiceUnreachable(`${setting}: cannot reach the bucket ${env.storage.bucket}${place} (${reasonOf(error)}).`);
  }
  if (found === 'missing') {
    throw new ServiceUnreachable(
      `${setting}: the bucket ${env.storage.bucket}${place} does not exist; create it, or set S3_CREATE_BUCKET=true to have it created.`,
    );
  }
  if (found === 'created') warn({ bucket: env.storage.bucket }, `The bucket ${env.storage.bucket} did not exist and was created`);
}

/** Before anything starts: every service a setting names answers, or ServiceUnreachable names the setting. The database is openDatabase's. */
export async function checkServicesAtStart(env: Env): Promise<Array<[object, string]>> {
  const notes: Array<[object, string]> = [];
  const warn: Warn = (details, message) => notes.push([details, message]);
  if (env.REDIS_URL) await checkRedis(env.REDIS_URL, warn);
  await checkBucket(env, warn);
  return notes;
}
