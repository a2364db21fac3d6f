import type { Redis } from 'ioredis';
import type { Env } from '../runtime/env.js';
import { lastWorkerSeen } from '../jobs/bullmq-lines.js';

/** A web instance is ready only while some worker has been seen this recently (docs/decisions/0206). */
export const WORKER_SEEN_WITHIN_MS = 60 * 1000;

/** A part of readiness: resolves when it answers, throws when it does not. */
export type ReadinessProbe = () => Promise<void>;

/**
 * What /api/health/ready asks beyond the database and the results store: Redis when configured, and for
 * ROLE=web that a worker renewed its note within a minute (workers note themselves every 10 s).
 */
export function clusterReadiness(env: Pick<Env, 'ROLE' | 'REDIS_PREFIX'>, redis: Redis | null, now = () => Date.now()) {
  const parts: Record<string, ReadinessProbe> = {};
  if (!redis) return parts;
  // The limits connection queues nothing while Redis is away: the ping fails at once (cluster/redis.ts).
  parts.redis = async () => {
    await redis.ping();
  };
  if (env.ROLE === 'web') {
    parts.worker = async () => {
      const seen = await lastWorkerSeen(redis, env.REDIS_PREFIX);
      if (seen === null || now() - seen > WORKER_SEEN_WITHIN_MS) throw new Error('no worker seen within a minute');
    };
  }
  return parts;
}
