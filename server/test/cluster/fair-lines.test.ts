import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { parseEnv } from '../../src/runtime/env.js';
import { waitingNotes, workerLines } from '../../src/jobs/bullmq-lines.js';
import { bullResultQueue } from '../../src/jobs/bullmq-queue.js';
import { startResultWorker, type JobLog } from '../../src/jobs/bullmq-worker.js';
import type { ProcessPoolLimits } from '../../src/jobs/process-pool.js';
import type { ResultQueue } from '../../src/jobs/result-queue.js';
import { quotaLedger } from '../../src/modules/quota/index.js';
import { fileResultStore } from '../../src/storage/result-store.js';
import { signedUp } from '../developers.js';
import { heavyPng, reserved, slowPhoto } from '../fair-uploads.js';
import { addressPool, databaseKinds, fixture, openTestDatabase, visitor, type TestApp } from '../helpers.js';
import { clusterUnavailable, uniqueRedisPrefix } from './instances.js';

const unavailable = await clusterUnavailable();
const nextIp = addressPool('198.43');
const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.skipIf(unavailable)('the lines in Redis (docs/decisions/0148)', () => {
  const redis = uniqueRedisPrefix();
  let client: Redis;
  beforeAll(() => {
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    client.disconnect();
    await redis.clear();
  });

  it('lets an owner take at most half the cluster’s workers while another waits; a premium batch alone takes them all', async () => {
    const notes = waitingNotes(client, redis.prefix);
    // Two workers of two jobs each: four in the cluster.
    const one = workerLines(client, redis.prefix, 'worker-1', 2);
    const two = workerLines(client, redis.prefix, 'worker-2', 2);
    await one.note();
    await two.note();
    const flood = { owner: 'account', mayUseAllWorkers: false };
    for (let i = 0; i < 6; i++) await notes.add(`flood-${i}`, flood.owner);
    const taken = [];
    for (let i = 0; i < 6; i++) taken.push(await (i % 2 ? one : two).take(`flood-${i}`, flood));
    // A free account: half of four, alone or not.
    expect(taken).toEqual([true, true, false, false, false, false]);

    const batch = { owner: 'premium', mayUseAllWorkers: true };
    await one.done('flood-0');
    await one.done('flood-1');
    for (let i = 0; i < 4; i++) await notes.add(`batch-${i}`, batch.owner);
    // The flood's four turned-away jobs still wait: the batch gets half.
    expect([await one.take('batch-0', batch), await one.take('batch-1', batch), await two.take('batch-2', batch)]).toEqual([
      true,
      true,
      false,
    ]);
    for (let i = 2; i < 6; i++) await notes.remove(`flood-${i}`);
    // Nobody else waits now: the batch may fill the cluster.
    expect([await two.take('batch-2', batch), await two.take('batch-3', batch)]).toEqual([true, true]);
    for (let i = 0; i < 4; i++) await one.done(`batch-${i}`);

    // A worker that stops renewing its note leaves the count: one worker of two jobs, one each.
    await two.leave();
    await notes.add('guest-1', 'guest');
    await notes.add('flood-6', flood.owner);
    await notes.add('flood-7', flood.owner);
    expect([
      await one.take('flood-6', flood),
      await one.take('flood-7', flood),
      await one.take('guest-1', { owner: 'guest', mayUseAllWorkers: false }),
    ]).toEqual([true, false, true]);
  });
});

describe.skipIf(unavailable).each(databaseKinds)('fair BullMQ jobs on %s (docs/decisions/0147, 0148)', (kind) => {
  const redis = uniqueRedisPrefix();
  let dataDir: string;
  let database: DatabaseHandle;
  let jobs: ResultQueue;
  let app: TestApp['app'];
  let worker: Awaited<ReturnType<typeof startResultWorker>> | null = null;

  const startWorker = async (limits: ProcessPoolLimits) => {
    await worker?.close();
    worker = await startResultWorker({
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      stallSeconds: 30,
      ledger: quotaLedger(database.db),
      store: fileResultStore(path.join(dataDir, 'results')),
      inputs: fileResultStore(path.join(dataDir, 'inputs')),
      limits,
      log: quiet,
    });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-fair-'));
    database = await openTestDatabase(kind);
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      QUOTA_GUEST: '20',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
    });
    jobs = await bullResultQueue({
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      ledger: quotaLedger(database.db),
      inputs: fileResultStore(path.join(dataDir, 'inputs')),
      maxWaiting: 12,
    });
    app = await buildApp({ env, database, store: fileResultStore(path.join(dataDir, 'results')), jobs });
  });

  afterAll(async () => {
    await app?.close();
    await worker?.close();
    await jobs?.close();
    await redis.clear();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("a guest's small upload beside one account's flood starts before the flood's later jobs", async () => {
    await startWorker({ concurrency: 2, maxWaiting: 2 });
    const { client: account } = await signedUp(app, nextIp(), `flood-${kind}@example.com`);
    const flood = await Promise.all([1, 2, 3, 4].map(slowPhoto));
    const finished: string[] = [];
    const floodAnswers = flood.map((photo, i) =>
      account.process(photo, `flood-${i}.jpg`, { quality: 'smart' }).then((answer) => {
        finished.push(`flood-${i}`);
        return answer;
      }),
    );
    // The whole flood holds its units and waits for the workers before the guest comes.
    await vi.waitFor(async () => expect(await reserved(database.db)).toBe(flood.length), { timeout: 60_000, interval: 50 });
    const guestAnswer = await visitor(app, nextIp()).process(await fixture('photo.jpg'), 'photo.jpg');
    finished.push('guest');
    expect(guestAnswer.statusCode, guestAnswer.body).toBe(201);
    for (const answer of await Promise.all(floodAnswers)) expect(answer.statusCode, answer.body).toBe(201);
    // In BullMQ's one line the guest would start after three of the four ended (two workers); in its own line at once.
    expect(finished.indexOf('guest'), finished.join(' ')).toBeLessThanOrEqual(1);
  });

  it('refuses heavy work with 429 after three limit hits in an hour, the later of a queued flood too', async () => {
    // Every job outlives a 5 ms limit; one worker, so the hits come one after the other.
    await startWorker({ concurrency: 1, maxWaiting: 1, wallLimitMs: 5 });
    const { client } = await signedUp(app, nextIp(), `heavy-${kind}@example.com`);
    const heavy = await heavyPng();
    const answers = await Promise.all([0, 1, 2, 3, 4].map((i) => client.process(heavy, `heavy-${i}.png`)));
    const codes = answers.map((answer) => answer.json().error?.code as string);
    expect(codes.filter((code) => code === 'image_too_complex')).toHaveLength(3);
    expect(codes.filter((code) => code === 'heavy_work_spent')).toHaveLength(2);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json().error.params).toMatchObject({ max: 3 });
    const later = await client.process(heavy, 'later.png');
    expect(later.statusCode).toBe(429);
    expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);
  });
});
