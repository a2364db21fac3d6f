import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@lightpix/shared';
import { buildApp } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';
import { parseEnv } from '../../src/runtime/env.js';
import { bullResultQueue, jobsPrefix, RESULT_QUEUE } from '../../src/jobs/bullmq-queue.js';
import { startResultWorker, type JobLog } from '../../src/jobs/bullmq-worker.js';
import type { ResultQueue } from '../../src/jobs/result-queue.js';
import { quotaLedger } from '../../src/modules/quota/index.js';
import { fileResultStore } from '../../src/storage/result-store.js';
import { zipBombDeck } from '../decks.js';
import { signedUp } from '../developers.js';
import { addressPool, createTestApp, databaseKinds, fixture, openTestDatabase, visitor, type TestApp } from '../helpers.js';
import { clusterUnavailable, uniqueRedisPrefix } from './instances.js';

const unavailable = await clusterUnavailable();
const nextIp = addressPool('198.42');
const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A deck upload; with `async`, the client prefers to poll (RFC 7240 respond-async). */
async function sendDeck(app: TestApp['app'], client: ReturnType<typeof visitor>, data: Buffer, async: boolean) {
  const form = new FormData();
  form.append('file', new Blob([data]), 'deck.pptx');
  const body = new Request('http://x', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: apiPaths.processDeck,
    headers: { cookie: client.cookie, 'content-type': body.headers.get('content-type')!, ...(async ? { prefer: 'respond-async' } : {}) },
    payload: Buffer.from(await body.arrayBuffer()),
  });
}

async function premium(app: TestApp['app'], database: DatabaseHandle, name: string) {
  const { client, userId } = await signedUp(app, nextIp(), `${name}@example.com`);
  await database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, userId));
  return client;
}

/** Polls a started deck's status URL until it is no longer processing. */
async function settled(client: ReturnType<typeof visitor>, location: string) {
  let answer = await client.get(location);
  for (let i = 0; i < 600 && answer.statusCode === 200 && answer.json().status === 'processing'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await client.get(location);
  }
  return answer;
}

describe.skipIf(unavailable).each(databaseKinds)('BullMQ result jobs on %s (web and worker in one process, as ROLE=all)', (kind) => {
  const redis = uniqueRedisPrefix();
  let dataDir: string;
  let database: DatabaseHandle;
  let jobs: ResultQueue;
  let app: TestApp['app'];
  let bull: Queue;
  let worker: Awaited<ReturnType<typeof startResultWorker>> | null = null;
  let deck: Buffer;

  const startWorker = async () => {
    worker = await startResultWorker({
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      stallSeconds: 5,
      ledger: quotaLedger(database.db),
      store: fileResultStore(path.join(dataDir, 'results')),
      inputs: fileResultStore(path.join(dataDir, 'inputs')),
      limits: { concurrency: 1, maxWaiting: 1 },
      log: quiet,
    });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-bullmq-'));
    database = await openTestDatabase(kind);
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      QUOTA_GUEST: '1',
      QUOTA_PREMIUM: '100',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
    });
    // One waiting job fills the queue: back-pressure counts jobs waiting in Redis, whichever instance added them.
    jobs = await bullResultQueue({
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      ledger: quotaLedger(database.db),
      inputs: fileResultStore(path.join(dataDir, 'inputs')),
      maxWaiting: 1,
    });
    app = await buildApp({ env, database, store: fileResultStore(path.join(dataDir, 'results')), jobs });
    bull = new Queue(RESULT_QUEUE, { connection: { url: redis.url }, prefix: jobsPrefix(redis.prefix) });
    deck = await fixture('decks/libreoffice5.pptx');
  });

  afterAll(async () => {
    await app?.close();
    await worker?.close();
    await jobs?.close();
    await bull?.close();
    await redis.clear();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts a deck with 202 and a status URL, refuses an image with 503 while that job waits, then the deck completes', async () => {
    const client = await premium(app, database, `async-${kind}`);
    const started = await sendDeck(app, client, deck, true);
    expect(started.statusCode).toBe(202);
    expect(started.headers['preference-applied']).toBe('respond-async');
    const location = started.headers.location as string;
    expect(location).toBe(`/api/presentations/${started.json().id}`);
    expect(started.json()).toMatchObject({ status: 'processing', kind: 'deck', objectPath: null });
    expect(await bull.getWaitingCount()).toBe(1);

    // No worker yet: the waiting deck fills the queue, so an upload is refused before its body is read.
    const guestClient = visitor(app, nextIp());
    const refused = await guestClient.process(await fixture('photo.jpg'), 'photo.jpg');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ error: { code: 'server_busy' } });
    expect((await guestClient.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 0 });

    await startWorker();
    const done = await settled(client, location);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', kind: 'deck', objectPath: `/api/images/${started.json().id}/download` });
    expect((await client.get(done.json().objectPath)).statusCode).toBe(200);
    expect((await client.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 1 });
    // Someone else learns nothing of it.
    expect((await visitor(app, nextIp()).get(location)).statusCode).toBe(404);
  });

  it('a started deck that fails answers its error at the status URL, once, with the unit given back', async () => {
    if (!worker) await startWorker();
    const client = await premium(app, database, `bomb-${kind}`);
    const started = await sendDeck(app, client, await zipBombDeck(deck), true);
    expect(started.statusCode).toBe(202);
    const failed = await settled(client, started.headers.location as string);
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({ error: { code: 'invalid_presentation' } });
    expect((await client.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 0 });
    // A bad file is never tried again: one attempt, failed for good.
    const job = await bull.getJob(started.json().id);
    expect(job?.attemptsMade).toBe(1);
    expect(await job?.getState()).toBe('failed');
  });

  it('a bad image gives its unit back once and is not retried; the next image uses it', async () => {
    if (!worker) await startWorker();
    const client = visitor(app, nextIp());
    const corrupt = await client.process(await fixture('truncated.png'), 'truncated.png');
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json().error.code).toMatch(/undecodable_image|unsupported_file_type/);
    expect((await client.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 0 });
    const good = await client.process(await fixture('photo.jpg'), 'photo.jpg');
    expect(good.statusCode).toBe(201);
    expect((await client.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 1 });
  });

  it('an upload over 1 MiB waits in the input store, not in Redis, and leaves nothing behind', async () => {
    if (!worker) await startWorker();
    const big = await sharp(randomBytes(1000 * 800 * 3), { raw: { width: 1000, height: 800, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const answer = await visitor(app, nextIp()).process(big, 'noise.png', { format: 'webp' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await readdir(path.join(dataDir, 'inputs'))).toEqual([]);
  });

  it("answers a full queue with a Retry-After that follows the cluster's last jobs, as their workers report them (decision 0158)", async () => {
    if (!worker) await startWorker();
    // A worker answers a job done with how long it held the worker.
    const reports = new QueueEvents(RESULT_QUEUE, { connection: { url: redis.url }, prefix: jobsPrefix(redis.prefix) });
    await reports.waitUntilReady();
    const heard = new Promise<unknown>((resolve) => reports.once('completed', ({ returnvalue }) => resolve(returnvalue)));
    expect((await visitor(app, nextIp()).process(await fixture('photo.jpg'), 'photo.jpg')).statusCode).toBe(201);
    expect(await heard).toEqual({ heldMs: expect.any(Number) });
    await reports.close();

    // Eight 12-second jobs done by other workers of the cluster, as they report them on the event stream.
    const redisClient = new Redis(redis.url);
    for (let i = 0; i < 8; i++) {
      await redisClient.xadd(
        bull.keys.events!,
        '*',
        'event',
        'completed',
        'jobId',
        `elsewhere-${i}`,
        'returnvalue',
        JSON.stringify({ heldMs: 12_000 }),
        'prev',
        'active',
      );
    }
    redisClient.disconnect();
    // No worker: a started deck fills the queue, and the next upload is refused with the cluster's time.
    await worker?.close();
    worker = null;
    const started = await sendDeck(app, await premium(app, database, `full-${kind}`), deck, true);
    expect(started.statusCode).toBe(202);
    await expect
      .poll(
        async () => {
          const refused = await visitor(app, nextIp()).process(await fixture('photo.jpg'), 'photo.jpg');
          return [refused.statusCode, refused.headers['retry-after']];
        },
        { timeout: 10_000 },
      )
      .toEqual([503, '12']);
    await startWorker();
    expect((await bull.getJob(started.json().id))?.id).toBe(started.json().id);
  });
});

describe.each(databaseKinds)('started decks without Redis on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_PREMIUM: '100' });
  });
  afterAll(() => t.close());

  it('answers 202 and completes in the background', async () => {
    const client = await premium(t.app, t.database, `local-${kind}`);
    const started = await sendDeck(t.app, client, await fixture('decks/libreoffice5.pptx'), true);
    expect(started.statusCode).toBe(202);
    const done = await settled(client, started.headers.location as string);
    expect(done.json()).toMatchObject({ status: 'completed', kind: 'deck' });
    // Without the preference, the same upload answers 201 with the finished deck, as the web page expects.
    const direct = await sendDeck(t.app, client, await fixture('decks/libreoffice5.pptx'), false);
    expect(direct.statusCode).toBe(201);
    expect(direct.json()).toMatchObject({ status: 'completed' });
  });
});
