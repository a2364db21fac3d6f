import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sampleUptimeOnce, sweepOnce } from '../../src/cluster/background.js';
import { migrationsFolder, openPostgres, type DatabaseHandle } from '../../src/db/client.js';
import { uptimeMinutes } from '../../src/db/schema/index.js';
import { results } from '../../src/db/schema/results.js';
import { sweepExpired } from '../../src/modules/retention/index.js';
import { recordUptimeMinute } from '../../src/modules/stats/figures.js';
import type { ResultStore } from '../../src/storage/result-store.js';

/** The sweep main.ts hands the background tasks, over a given store. */
const sweepWith = (store: ResultStore) => (db: DatabaseHandle['db'], now: Date, staleAfterMs?: number) =>
  sweepExpired(db, store, now, staleAfterMs);

const template = inject('postgresTemplate');

/** A store whose deletes wait until the test lets them go, so a sweep can be caught half-way. */
function heldStore() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let deleteStarted!: () => void;
  const started = new Promise<void>((resolve) => (deleteStarted = resolve));
  const deleted: string[] = [];
  const store: ResultStore = {
    put: async () => undefined,
    get: async () => {
      throw new Error('not used');
    },
    async delete(key) {
      deleteStarted();
      await gate;
      deleted.push(key);
    },
    listOlderThan: async function* () {},
  };
  return { store, release, started, deleted };
}

describe.skipIf(!template)('one of each across instances, on PostgreSQL', () => {
  const admin = new pg.Client({ connectionString: template?.url });
  const created: string[] = [];
  const handles: DatabaseHandle[] = [];

  /** An empty database (no migrations yet), as a new installation's first start sees it. */
  async function emptyDatabase(): Promise<string> {
    const name = `lightpix_cluster_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(template!.url);
    url.pathname = `/${name}`;
    return url.toString();
  }

  beforeAll(() => admin.connect());
  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => undefined);
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('two instances starting at once on a new database both start, and every migration is applied once', async () => {
    const url = await emptyDatabase();
    const opened = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    handles.push(...opened);
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const applied = await client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
    const distinct = await client.query<{ count: string }>('select count(distinct hash) from drizzle.__drizzle_migrations');
    await client.end();
    expect(journal.entries.length).toBeGreaterThan(5);
    expect(Number(applied.rows[0]!.count)).toBe(journal.entries.length);
    expect(Number(distinct.rows[0]!.count)).toBe(journal.entries.length);
    // Every instance can use the schema.
    for (const handle of opened) expect(await handle.db.select().from(results)).toEqual([]);
  });

  it('runs the retention sweep in one instance at a time: the other skips while one is sweeping', async () => {
    const url = await emptyDatabase();
    const instanceA = await openPostgres(url);
    const instanceB = await openPostgres(url);
    handles.push(instanceA, instanceB);
    const now = new Date('2026-11-23T12:00:00Z');
    const id = randomUUID();
    await instanceA.db.insert(results).values({
      id,
      clientIp: '203.0.113.5',
      originalName: 'photo.jpg',
      originalSize: 1000,
      status: 'completed',
      storageKey: `${id}.jpg`,
      expiresAt: new Date(now.getTime() - 60_000),
    });

    const held = heldStore();
    const sweepingA = sweepOnce(instanceA, sweepWith(held.store), now);
    await held.started;
    // A is half-way through deleting: B's turn is skipped, and B deletes nothing.
    const other = heldStore();
    other.release();
    expect(await sweepOnce(instanceB, sweepWith(other.store), now)).toBeNull();
    expect(other.deleted).toEqual([]);

    held.release();
    expect(await sweepingA).toMatchObject({ expired: 1 });
    // The result's file, then its preservable fields if any (docs/decisions/0136): deleted whether or not they exist.
    expect(held.deleted).toEqual([`${id}.jpg`, `${id}.kept.json`]);
    // Once A is done, B sweeps again (finding nothing left).
    expect(await sweepOnce(instanceB, sweepWith(other.store), now)).toMatchObject({ expired: 0 });
    const [row] = await instanceB.db.select().from(results);
    expect(row).toMatchObject({ status: 'expired', storageKey: null });
  });

  it('samples uptime in one instance at a time', async () => {
    const url = await emptyDatabase();
    const instanceA = await openPostgres(url);
    const instanceB = await openPostgres(url);
    handles.push(instanceA, instanceB);
    const now = new Date('2026-11-23T12:00:30Z');
    // While A holds the sampler (simulated by its lock being taken), B does not record.
    let release!: () => void;
    const holding = instanceA.runAlone('uptime-sample', () => new Promise<void>((resolve) => (release = resolve)));
    await expect.poll(() => typeof release).toBe('function');
    expect(await sampleUptimeOnce(instanceB, recordUptimeMinute, now)).toBe(false);
    expect(await instanceB.db.select().from(uptimeMinutes)).toEqual([]);
    release();
    expect(await holding).toBe(true);
    expect(await sampleUptimeOnce(instanceB, recordUptimeMinute, now)).toBe(true);
    expect(await instanceB.db.select().from(uptimeMinutes)).toHaveLength(1);
  });
});
