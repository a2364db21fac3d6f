import type { Redis } from 'ioredis';

/**
 * The connection for shared request limits. A request must not hang while Redis is away: commands fail
 * after one retry and are not queued while disconnected, and the limits then let requests through
 * (docs/decisions/0061). Connected before it is returned, so the first requests are counted too.
 */
export async function openLimitsRedis(url: string): Promise<Redis> {
  // Loaded only with REDIS_URL (docs/decisions/0110).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000 });
  await redis.connect();
  return redis;
}

/** Key prefixes of the shared limits: the site's API and the developer API count apart. */
export const limitsNamespace = (prefix: string, scope: 'web' | 'developer-api') => `${prefix}:rate-limit:${scope}:`;
