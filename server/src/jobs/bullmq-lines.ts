import type { Redis } from 'ioredis';

/**
 * Fair lines across a cluster (docs/decisions/0148). BullMQ's open-source queue has one line and no
 * groups, so the lines are kept beside it in Redis: the web side notes each job as waiting for its
 * owner; a worker that takes a job asks `take` first, and a job whose owner already holds its share
 * of the cluster's workers goes back to wait (delayed) behind the others. The share is result-queue.ts's workersAllowed
 * rule: half the workers (at least one), all of them for a premium batch that waits alone.
 */

/** How long a job turned away waits before a worker may take it again. */
export const PARKED_MS = 500;
/** A running job not finished after this (its worker died) stops counting for its owner. */
const RUNNING_LEASE_MS = 5 * 60 * 1000;
/** A waiting note older than this belongs to a job that never reached a worker (removed by hand). */
const WAITING_STALE_MS = 10 * 60 * 1000;
/** A worker counts towards the cluster's workers while it renews its note. */
const WORKER_NOTE_MS = 30 * 1000;
export const WORKER_RENEW_MS = 10 * 1000;

const linesPrefix = (redisPrefix: string) => `${redisPrefix}:lines`;

function keys(redisPrefix: string) {
  const prefix = linesPrefix(redisPrefix);
  return {
    waiting: `${prefix}:waiting`,
    running: `${prefix}:running`,
    runningOwner: `${prefix}:running-owner`,
    workers: `${prefix}:workers`,
    lastWorker: `${prefix}:worker-seen`,
  };
}

/**
 * Whether the job may run now. KEYS: waiting, running, running-owner, workers. ARGV: job id, owner,
 * now, 1 when the owner may use every worker, running lease, waiting staleness.
 */
const TAKE = `
local jobId, owner, now, mayUseAll = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4] == '1'
local workers = 0
local notes = redis.call('HGETALL', KEYS[4])
for i = 1, #notes, 2 do
  local count, expires = string.match(notes[i + 1], '^(%d+):(%d+)$')
  if tonumber(expires) < now then redis.call('HDEL', KEYS[4], notes[i]) else workers = workers + tonumber(count) end
end
if workers < 1 then workers = 1 end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do
  redis.call('ZREM', KEYS[2], id)
  redis.call('HDEL', KEYS[3], id)
end
local held = 0
local running = redis.call('HGETALL', KEYS[3])
for i = 1, #running, 2 do
  if running[i] ~= jobId and running[i + 1] == owner then held = held + 1 end
end
local othersWaiting = false
local waiting = redis.call('HGETALL', KEYS[1])
for i = 1, #waiting, 2 do
  local who, since = string.match(waiting[i + 1], '^(.*):(%d+)$')
  if now - tonumber(since) > tonumber(ARGV[6]) then redis.call('HDEL', KEYS[1], waiting[i])
  elseif waiting[i] ~= jobId and who ~= owner then othersWaiting = true end
end
local allowed = math.max(1, math.floor(workers / 2))
if mayUseAll and not othersWaiting then allowed = workers end
if held >= allowed then return 0 end
redis.call('HDEL', KEYS[1], jobId)
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[5]), jobId)
redis.call('HSET', KEYS[3], jobId, owner)
return 1
`;

/** The web side: a job is noted as waiting in its owner's line before it is added to the queue. */
export function waitingNotes(redis: Redis, redisPrefix: string) {
  const { waiting } = keys(redisPrefix);
  return {
    async add(jobId: string, owner: string) {
      await redis.hset(waiting, jobId, `${owner}:${Date.now()}`);
    },
    async remove(jobId: string) {
      await redis.hdel(waiting, jobId);
    },
  };
}

/** The worker side: asks before running a job, says when it ended, and keeps this worker counted. */
export function workerLines(redis: Redis, redisPrefix: string, workerId: string, concurrency: number) {
  const k = keys(redisPrefix);
  // The time of the last note stays an hour after the worker leaves: a web instance's readiness reads it (0206).
  const note = () =>
    redis
      .multi()
      .hset(k.workers, workerId, `${concurrency}:${Date.now() + WORKER_NOTE_MS}`)
      .set(k.lastWorker, String(Date.now()), 'EX', 3600)
      .exec();
  return {
    /** Counts this worker's concurrency among the cluster's workers; renew it every WORKER_RENEW_MS. */
    note,
    async take(jobId: string, place: { owner: string; mayUseAllWorkers: boolean }): Promise<boolean> {
      const args = [
        jobId,
        place.owner,
        String(Date.now()),
        place.mayUseAllWorkers ? '1' : '0',
        String(RUNNING_LEASE_MS),
        String(WAITING_STALE_MS),
      ];
      return (await redis.eval(TAKE, 4, k.waiting, k.running, k.runningOwner, k.workers, ...args)) === 1;
    },
    async done(jobId: string) {
      await redis.multi().zrem(k.running, jobId).hdel(k.runningOwner, jobId).exec();
    },
    async leave() {
      await redis.hdel(k.workers, workerId);
    },
  };
}

/** When a worker last said it was there (ms since the epoch), or null: none within the last hour. */
export async function lastWorkerSeen(redis: Redis, redisPrefix: string): Promise<number | null> {
  const at = await redis.get(keys(redisPrefix).lastWorker);
  return at === null ? null : Number(at);
}

/** A connection of its own for the lines; loaded only with REDIS_URL (docs/decisions/0110). Its errors reach the calls. */
export async function openLinesRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  return redis;
}
