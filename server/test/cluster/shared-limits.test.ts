import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openLimitsRedis } from '../../src/cluster/redis.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { parseEnv } from '../../src/runtime/env.js';
import { fileResultStore } from '../../src/storage/result-store.js';
import { databaseKinds, openTestDatabase, visitor } from '../helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two web instances over one database and one Redis, each with its own connection, as in a cluster. */
describe('request limits shared through Redis', () => {
  const kind = databaseKinds.includes('postgres') ? 'postgres' : 'pglite';
  const prefix = `lightpix-test-${randomBytes(4).toString('hex')}`;
  let database: DatabaseHandle;
  let dataDir: string;
  const connections: Redis[] = [];
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-limits-'));
    database = await openTestDatabase(kind);
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), REDIS_URL, REDIS_PREFIX: prefix });
    for (let i = 0; i < 2; i++) {
      const redis = await openLimitsRedis(REDIS_URL);
      connections.push(redis);
      apps.push(await buildApp({ env, database, store: fileResultStore(path.join(dataDir, 'results')), redis }));
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    const keys = await connections[0]!.keys(`${prefix}:*`);
    if (keys.length > 0) await connections[0]!.del(...keys);
    for (const redis of connections) await redis.quit();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('counts one client against one API limit whichever instance answers', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const first = await visitor(a, '198.51.100.7').get('/api/plans');
    const second = await visitor(b, '198.51.100.7').get('/api/plans');
    const third = await visitor(a, '198.51.100.7').get('/api/plans');
    expect([first, second, third].map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect([first, second, third].map((r) => Number(r.headers['x-ratelimit-remaining']))).toEqual([299, 298, 297]);
    // Another address has its own count.
    expect(Number((await visitor(b, '198.51.100.8').get('/api/plans')).headers['x-ratelimit-remaining'])).toBe(299);
  });

  it('limits wrong passwords on one account from one address across instances (docs/decisions/0188)', async () => {
    const statuses: number[] = [];
    // Five wrong passwords from one address, alternating instances.
    for (let attempt = 0; attempt < 5; attempt++) {
      const app = apps[attempt % 2]!;
      const response = await visitor(app, '192.0.2.1').post('/api/auth/login', { email: 'target@example.com', password: 'guess' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The sixth is refused, on either instance, before the password is checked; another address is still answered.
    for (const app of apps) {
      const refused = await visitor(app, '192.0.2.1').post('/api/auth/login', { email: 'target@example.com', password: 'guess' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(
      (await visitor(apps[1]!, '192.0.2.2').post('/api/auth/login', { email: 'target@example.com', password: 'guess' })).statusCode,
    ).toBe(401);
  });
});
