import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers.js';
import { freePort } from '../ports.js';
import { clusterUnavailable, freshPostgresDatabase, startInstance, stop, type Instance } from './instances.js';
import { bucketlessS3, privateRedis, relay } from './outages.js';
import { startS3 } from './s3.js';
import { guest } from './web-client.js';

const unavailable = await clusterUnavailable();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Asks /api/health/ready until `done` holds (or `withinMs` passes); the last answer and how long it took. */
async function readyUntil(
  instance: Instance,
  done: (status: number, body: { checks: Record<string, string> }) => boolean,
  withinMs: number,
) {
  const began = performance.now();
  for (;;) {
    const response = await fetch(`${instance.url}/api/health/ready`);
    const body = (await response.json()) as { checks: Record<string, string> };
    const tookMs = performance.now() - began;
    if (done(response.status, body) || tookMs > withinMs) return { status: response.status, body, tookMs };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts an instance expected to refuse to start; its exit code and what it printed on stderr. */
async function refusedStart(settings: Record<string, string>) {
  const { REDIS_URL: _r, DATABASE_URL: _d, ROLE: _role, ...inherited } = process.env;
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'test', PORT: String(await freePort()), HOST: '127.0.0.1', ...settings },
    timeout: 60_000,
  });
  return run.then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

/**
 * Health that tells the truth (docs/decisions/0206): a web instance (ROLE=web) and a worker on a Redis of
 * the test's own, PostgreSQL and the bucket each behind a relay the test can cut.
 */
describe.skipIf(unavailable)('readiness and outages', () => {
  let redis: Awaited<ReturnType<typeof privateRedis>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let postgresRelay: Awaited<ReturnType<typeof relay>>;
  let bucketRelay: Awaited<ReturnType<typeof relay>>;
  let sql: pg.Client;
  let web: Instance;
  let worker: Instance;

  beforeAll(async () => {
    [redis, s3, database] = await Promise.all([privateRedis(), startS3(), freshPostgresDatabase()]);
    const postgresUrl = new URL(database.url);
    postgresRelay = await relay({ host: postgresUrl.hostname, port: Number(postgresUrl.port || 5432) });
    postgresUrl.host = `127.0.0.1:${postgresRelay.port}`;
    bucketRelay = await relay({ host: '127.0.0.1', port: Number(new URL(s3.env.S3_ENDPOINT).port) });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const settings = {
      NODE_ENV: 'production',
      DATABASE_URL: postgresUrl.toString(),
      SESSION_SECRET: 'r'.repeat(64),
      REDIS_URL: redis.url,
      ...s3.env,
      S3_ENDPOINT: `http://127.0.0.1:${bucketRelay.port}`,
      TRUST_PROXY: '1',
    };
    [web, worker] = await Promise.all([
      startInstance('ready-web', 'main', { ...settings, ROLE: 'web' }),
      startInstance('ready-worker', 'worker', settings),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([web, worker].filter(Boolean).map((instance) => stop(instance)));
    await sql?.end();
    await Promise.all([redis?.stop(), s3?.close(), postgresRelay?.cut(), bucketRelay?.cut()]);
    await database?.drop();
  });

  it('live answers with the version; ready names every part, all ok', async () => {
    const live = await fetch(`${web.url}/api/health/live`);
    expect(live.status).toBe(200);
    const version = (
      JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(path.join(root, 'package.json'), 'utf8'))) as { version: string }
    ).version;
    expect(await live.json()).toEqual({ status: 'ok', version, role: 'web' });
    const ready = await readyUntil(web, (status) => status === 200, 15_000);
    expect(ready).toMatchObject({ status: 200, body: { checks: { database: 'ok', resultsStore: 'ok', redis: 'ok', worker: 'ok' } } });
    expect((await fetch(`${web.url}/api/health`)).status).toBe(200);
  });

  it('Redis stopped: ready 503 naming redis within 2 s, an upload 503 with Retry-After within 5 s and nothing reserved; back: 200 and the upload goes through', async () => {
    const client = guest('203.0.113.71');
    await redis.stop();
    const down = await readyUntil(web, (status, body) => status === 503 && body.checks.redis === 'unavailable', 5_000);
    expect(down.status).toBe(503);
    expect(down.body.checks).toMatchObject({ redis: 'unavailable', database: 'ok', resultsStore: 'ok' });
    expect(down.tookMs).toBeLessThan(2_000);

    const photo = await fixture('photo.jpg');
    const began = performance.now();
    const refused = await client.process(web, photo, 'photo.jpg', { format: 'webp' });
    expect(performance.now() - began).toBeLessThan(5_000);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const reserved = await sql.query('select count(*)::int as n from results where client_ip = $1', ['203.0.113.71']);
    expect(reserved.rows[0].n).toBe(0);

    await redis.start();
    const up = await readyUntil(web, (status) => status === 200, 20_000);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    // The guest's one image of the day was never spent.
    const accepted = await client.process(web, photo, 'photo.jpg', { format: 'webp' });
    expect(accepted.json(), accepted.body.toString()).toMatchObject({ status: 'completed' });
  });

  it('PostgreSQL and then the bucket gone: ready 503 naming each within 2 s, 200 again once back', async () => {
    await readyUntil(web, (status) => status === 200, 20_000);
    await postgresRelay.cut();
    const noDatabase = await readyUntil(web, (status, body) => status === 503 && body.checks.database === 'unavailable', 5_000);
    expect(noDatabase.body.checks.database).toBe('unavailable');
    expect(noDatabase.tookMs).toBeLessThan(2_000);
    await postgresRelay.mend();
    expect((await readyUntil(web, (status) => status === 200, 10_000)).status).toBe(200);

    await bucketRelay.cut();
    const noBucket = await readyUntil(web, (status, body) => status === 503 && body.checks.resultsStore === 'unavailable', 5_000);
    expect(noBucket.body.checks).toMatchObject({ resultsStore: 'unavailable', database: 'ok' });
    expect(noBucket.tookMs).toBeLessThan(2_000);
    await bucketRelay.mend();
    expect((await readyUntil(web, (status) => status === 200, 10_000)).status).toBe(200);
  });

  it('a web instance whose worker has not been seen for a minute is not ready', async () => {
    // The worker's note, aged past the minute by hand (waiting a minute is not a test).
    const { Redis } = await import('ioredis');
    const direct = new Redis(redis.url);
    await direct.set('lightpix:lines:worker-seen', String(Date.now() - 61_000));
    const stale = await fetch(`${web.url}/api/health/ready`);
    await direct.quit();
    expect(stale.status).toBe(503);
    expect(((await stale.json()) as { checks: Record<string, string> }).checks).toMatchObject({ worker: 'unavailable', redis: 'ok' });
  });

  it('SIGTERM with Redis down exits within 10 s', async () => {
    await redis.stop();
    await readyUntil(web, (status, body) => body.checks?.redis === 'unavailable', 5_000);
    const began = performance.now();
    const code = await stop(web);
    expect(performance.now() - began).toBeLessThan(10_000);
    expect(code, web.output()).toBe(0);
    await redis.start();
  });
});

describe.skipIf(unavailable)('services missing at start', () => {
  it('Redis unreachable: one line naming REDIS_URL, exit 1', async () => {
    const port = await freePort();
    const { code, stderr } = await refusedStart({ REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(`^Lightpix cannot start\\.\\nREDIS_URL: cannot reach Redis at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)\\.\\n$`),
    );
    expect(stderr).not.toContain('hunter2');
  });

  it('the bucket missing: one line naming S3_BUCKET, exit 1; S3_CREATE_BUCKET=true creates it', async () => {
    const s3 = await bucketlessS3();
    const bucket = {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'lightpix-new',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    try {
      const missing = await refusedStart(bucket);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(
        /(^|\n)Lightpix cannot start\.\nS3_BUCKET: the bucket lightpix-new at 127\.0\.0\.1:\d+ does not exist; .*S3_CREATE_BUCKET=true/,
      );
      const created = await startInstance('bucket-made', 'main', { ...bucket, S3_CREATE_BUCKET: 'true', NODE_ENV: 'test' });
      expect(created.output()).toContain('The bucket lightpix-new did not exist and was created');
      expect((await fetch(`${created.url}/api/health/ready`)).status).toBe(200);
      await stop(created);
    } finally {
      await s3.close();
    }
  });

  it('warns at start when Redis may evict keys, naming the policy', async () => {
    const lru = await privateRedis(['--maxmemory-policy', 'allkeys-lru']);
    try {
      const instance = await startInstance('lru', 'main', { REDIS_URL: lru.url, NODE_ENV: 'test' });
      await stop(instance);
      expect(instance.output()).toMatch(/"level":"?(warn|40)"?.*Redis maxmemory-policy is allkeys-lru/);
    } finally {
      await lru.stop();
    }
  });
});
