import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { Queue } from 'bullmq';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsPrefix, RESULT_QUEUE } from '../../src/jobs/bullmq-queue.js';
import { S3_KEY_PREFIX, s3Client } from '../../src/storage/s3-store.js';
import { fixture } from '../helpers.js';
import { clusterUnavailable, freshPostgresDatabase, killHard, startInstance, stop, uniqueRedisPrefix, type Instance } from './instances.js';
import { startS3 } from './s3.js';
import { guest } from './web-client.js';

const unavailable = await clusterUnavailable();

/**
 * Two web instances (ROLE=web) and one worker (npm run worker's entry), each its own process, on
 * PostgreSQL, Redis (BullMQ) and an S3-compatible bucket: the cluster of the README's "Running several
 * instances", with nothing shared but those three.
 */
describe.skipIf(unavailable)('a cluster of two web instances and a worker', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const redis = uniqueRedisPrefix();
  let sql: pg.Client;
  let jobs: Queue;
  let settings: Record<string, string>;
  let a: Instance;
  let b: Instance;
  let worker: Instance;
  let c: Instance;
  const started: Instance[] = [];
  let photo: Buffer;
  /** 12 MP: a few seconds of smart search, long enough to kill a process in the middle of its job. */
  let bigPhoto: Buffer;

  const launch = async (name: string, entry: 'main' | 'worker', extra: Record<string, string> = {}) => {
    const instance = await startInstance(name, entry, { ...settings, ...extra });
    started.push(instance);
    return instance;
  };
  const rowsFrom = async (address: string) =>
    (
      await sql.query<{ id: string; status: string; storage_key: string | null }>(
        'select id, status, storage_key from results where client_ip = $1',
        [address],
      )
    ).rows;

  beforeAll(async () => {
    [s3, database] = await Promise.all([startS3(), freshPostgresDatabase()]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    jobs = new Queue(RESULT_QUEUE, { connection: { url: redis.url }, prefix: jobsPrefix(redis.prefix) });
    settings = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      SESSION_SECRET: 'c'.repeat(64),
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      ...s3.env,
      TRUST_PROXY: '1',
      QUOTA_GUEST: '2',
      JOB_STALL_SECONDS: '3',
    };
    photo = await fixture('photo.jpg');
    bigPhoto = await sharp(photo).resize(4200, 2800).jpeg({ quality: 92 }).toBuffer();
    [a, b, worker] = await Promise.all([
      launch('web-a', 'main', { ROLE: 'web' }),
      launch('web-b', 'main', { ROLE: 'web' }),
      launch('worker', 'worker'),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(started.map((instance) => stop(instance)));
    await jobs?.close();
    await sql?.end();
    await database?.drop();
    await redis.clear();
    await s3?.close();
  });

  it('a guest uploads through A and downloads through B, from the bucket', async () => {
    const visitor = guest('198.51.100.1');
    const made = await visitor.process(a, photo, 'photo.jpg');
    expect(made.status, made.body.toString()).toBe(201);
    const record = made.json();
    expect(record).toMatchObject({ status: 'completed', objectPath: `/api/images/${record.id}/download` });
    const download = await visitor.get(b, record.objectPath);
    expect(download.status).toBe(200);
    expect(download.body.length).toBe(record.processedSize);
    expect((await sharp(download.body).metadata()).format).toBe('jpeg');
    // The web instances only enqueued: the worker's process made it, and it sits in the bucket.
    const [row] = await rowsFrom('198.51.100.1');
    await (
      await s3Client(s3.settings)
    ).send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: `${S3_KEY_PREFIX}${row!.storage_key}` }));
    // Someone else asking B for it gets 404.
    expect((await guest('198.51.100.2').get(b, record.objectPath)).status).toBe(404);
  });

  it('admits exactly one of 30 parallel uploads over both instances when one unit is left', async () => {
    const visitor = guest('198.51.100.3');
    expect((await visitor.process(b, photo, 'first.jpg')).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => visitor.process(i % 2 === 0 ? a : b, photo, `p${i}.jpg`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // Past the queue's room a burst is refused as busy before the quota is asked (docs/decisions/0082); the rest by the quota.
    const quota = answers.filter((answer) => answer.status === 429);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(quota.length + busy.length).toBe(29);
    expect(quota.length).toBeGreaterThan(0);
    expect(quota[0]!.json()).toMatchObject({ error: { code: 'quota_exceeded' } });
    for (const answer of busy) expect(answer.json()).toMatchObject({ error: { code: 'server_busy' } });
    expect(await rowsFrom('198.51.100.3')).toHaveLength(2);
  });

  it('holds the request limits across both instances', async () => {
    const visitor = guest('198.51.100.4');
    const remaining: number[] = [];
    for (const instance of [a, b, a, b])
      remaining.push(Number((await visitor.get(instance, '/api/plans')).headers.get('x-ratelimit-remaining')));
    expect(remaining).toEqual([remaining[0], remaining[0]! - 1, remaining[0]! - 2, remaining[0]! - 3]);
    // Five wrong passwords for one account from one address through both instances; the sixth is refused by either (0188).
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await guest('192.0.2.1').postJson(attempt % 2 ? a : b, '/api/auth/login', {
        email: 'target@example.com',
        password: 'guess',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array(5).fill(401));
    for (const instance of [a, b]) {
      const refused = await guest('192.0.2.1').postJson(instance, '/api/auth/login', { email: 'target@example.com', password: 'guess' });
      expect(refused.status).toBe(429);
    }
  });

  it('a job whose worker is killed (kill -9) completes once a worker is back, with one unit spent', async () => {
    const visitor = guest('198.51.100.5');
    const upload = visitor.process(a, bigPhoto, 'big.jpg', { quality: 'smart' });
    await expect.poll(() => jobs.getActiveCount(), { timeout: 60_000, interval: 50 }).toBe(1);
    await killHard(worker);
    expect(await rowsFrom('198.51.100.5')).toMatchObject([{ status: 'processing' }]);
    worker = await launch('worker-again', 'worker');
    const answer = await upload;
    expect(answer.status, answer.body.toString()).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'completed', originalName: 'big.jpg' });
    const rows = await rowsFrom('198.51.100.5');
    expect(rows).toMatchObject([{ status: 'completed' }]);
    expect((await visitor.get(b, '/api/session/current')).json()).toMatchObject({ imagesProcessed: 1 });
    // The staged upload (over 1 MiB, so it waited in the bucket) is gone with the job.
    expect(await jobs.getJobCounts('active', 'wait', 'failed')).toEqual({ active: 0, wait: 0, failed: 0 });
  });

  it('a worker stopped with SIGTERM finishes the job it holds, then exits 0', async () => {
    const visitor = guest('198.51.100.8');
    const upload = visitor.process(b, bigPhoto, 'graceful.jpg', { quality: 'smart' });
    await expect.poll(() => jobs.getActiveCount(), { timeout: 60_000, interval: 50 }).toBe(1);
    const exitCode = stop(worker);
    const answer = await upload;
    expect(answer.status, answer.body.toString()).toBe(201);
    expect(await exitCode).toBe(0);
    expect(await rowsFrom('198.51.100.8')).toMatchObject([{ status: 'completed' }]);
    worker = await launch('worker-third', 'worker');
  });

  it('a web instance killed while its upload is processed loses no accepted result', async () => {
    const visitor = guest('198.51.100.6');
    expect((await visitor.process(b, photo, 'first.jpg')).status).toBe(201);
    const upload = visitor.process(a, bigPhoto, 'kept.jpg', { quality: 'smart' }).catch(() => null);
    await expect.poll(() => jobs.getActiveCount(), { timeout: 60_000, interval: 50 }).toBe(1);
    await killHard(a);
    expect(await upload).toBeNull();
    // The worker completes the row; the guest sees the result through B and downloads it there.
    await expect
      .poll(
        async () => (await visitor.get(b, '/api/images/results')).json().items.map((item: { originalName: string }) => item.originalName),
        { timeout: 60_000, interval: 250 },
      )
      .toContain('kept.jpg');
    const kept = (await visitor.get(b, '/api/images/results'))
      .json()
      .items.find((item: { originalName: string }) => item.originalName === 'kept.jpg');
    const download = await visitor.get(b, kept.objectPath);
    expect(download.status).toBe(200);
    expect(download.body.length).toBe(kept.processedSize);
    expect((await visitor.get(b, '/api/session/current')).json()).toMatchObject({ imagesProcessed: 2 });
  });

  it('retention deletes the object from the bucket', async () => {
    // Retention is set when the unit is reserved: 10.8 s for what this instance accepts.
    const shortLived = await launch('web-c', 'main', { ROLE: 'web', RETENTION_HOURS: '0.003' });
    const visitor = guest('198.51.100.7');
    const made = await visitor.process(shortLived, photo, 'short-lived.jpg');
    expect(made.status).toBe(201);
    const [row] = await rowsFrom('198.51.100.7');
    const head = async () =>
      (await s3Client(s3.settings))
        .send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: `${S3_KEY_PREFIX}${row!.storage_key}` }))
        .then(
          () => 'stored',
          () => 'deleted',
        );
    expect(await head()).toBe('stored');
    await new Promise((resolve) => setTimeout(resolve, new Date(made.json().expiresAt).getTime() - Date.now() + 500));
    // An instance's sweep runs at its start (then every minute): a new instance sweeps now.
    c = await launch('web-d', 'main', { ROLE: 'web' });
    expect(await head()).toBe('deleted');
    expect((await rowsFrom('198.51.100.7'))[0]).toMatchObject({ status: 'expired', storage_key: null });
  });

  it('a web instance stopped with SIGTERM answers the upload in flight, then exits 0', async () => {
    const visitor = guest('198.51.100.9');
    const upload = visitor.process(c, bigPhoto, 'last.jpg', { quality: 'smart' });
    await expect.poll(() => jobs.getActiveCount(), { timeout: 60_000, interval: 50 }).toBe(1);
    const exitCode = stop(c);
    const answer = await upload;
    expect(answer.status, answer.body.toString()).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'completed', originalName: 'last.jpg' });
    expect(await exitCode).toBe(0);
  });
});
