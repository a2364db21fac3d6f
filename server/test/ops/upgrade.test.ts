import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openPglite, openPostgres, pgliteOptions } from '../../src/db/client.js';
import { parseEnv } from '../../src/runtime/env.js';
import { fileResultStore } from '../../src/storage/result-store.js';
import { sql } from 'drizzle-orm';
import { fixturesDir, visitor } from '../helpers.js';
import { ops, startFails, startServer } from './processes.js';

/*
 * An upgrade (docs/decisions/0246): a database made by commit 940fce8's server (migrations 0000–0014, with an
 * account, a result, an API key and a contact message; server/test/fixtures/upgrade) is migrated by this version,
 * on PGlite and on PostgreSQL. With MIGRATE_ON_START=false a start on it is refused with one line; `npm run migrate`
 * applies what is missing; then the account signs in, its result, key and message are there.
 */
const dump = () => readFile(path.join(fixturesDir, 'upgrade/940fce8-postgres.sql'), 'utf8');
const postgres = inject('postgresTemplate');
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const KEY = 'lpx_mh0VYgmO0ByEAa0MgDhJ4qa144-OzuONHW1EyhTUrUk';
const behind = 2;

/** A PostgreSQL database holding the old release's dump, and its URL. */
async function oldPostgres(): Promise<string> {
  const name = `lightpix_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres!.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  const url = new URL(postgres!.url);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(await dump());
  await client.end();
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return url.toString();
}

/** A DATA_DIR whose embedded database holds the old release's dump. */
async function oldPglite(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-upgrade-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const client = new PGlite(path.join(dataDir, 'pglite'), pgliteOptions);
  await client.exec(await dump());
  await client.close();
  return dataDir;
}

/** What the old release's user finds after the upgrade, through the app. */
async function dataSurvives(settings: { DATA_DIR: string; DATABASE_URL?: string }) {
  const env = parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 'y'.repeat(32), ...settings });
  const database = settings.DATABASE_URL
    ? await openPostgres(settings.DATABASE_URL)
    : await openPglite(new PGlite(path.join(settings.DATA_DIR, 'pglite'), pgliteOptions));
  const app = await buildApp({ env, database, store: fileResultStore(path.join(settings.DATA_DIR, 'results')) });
  try {
    expect((await database.migrationState()).pending).toBe(0);
    const user = visitor(app);
    const signIn = await user.post('/api/auth/login', { email: 'kept@example.com', password: 'upgrade horse 9' });
    expect(signIn.statusCode).toBe(200);
    const history = await user.get('/api/images/history');
    expect((history.json() as { items: Array<{ originalName: string }> }).items.map((item) => item.originalName)).toEqual(['alpha.png']);
    const usage = await app.inject({
      method: 'GET',
      url: '/api/v1/usage',
      headers: { authorization: `Basic ${Buffer.from(`api:${KEY}`).toString('base64')}` },
    });
    expect(usage.statusCode).toBe(200);
    const contact = (await database.db.execute(sql`select subject from contact_messages`)) as unknown as { rows: unknown[] };
    expect(contact.rows).toEqual([{ subject: 'Hello' }]);
  } finally {
    await app.close();
    await database.close();
  }
}

describe('an upgrade from the release before (940fce8)', () => {
  it('on PGlite: refused by a start that may not migrate, migrated by npm run migrate, the data kept', async () => {
    const dataDir = await oldPglite();
    const refused = await startFails(dataDir, { MIGRATE_ON_START: 'false' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `MIGRATE_ON_START=false: the database is ${behind} migrations behind this version; run \`npm run migrate\` first.`,
    );
    const migrated = await ops(['migrate'], { DATA_DIR: dataDir });
    expect(migrated.output).toContain(`Applied ${behind} migrations to the pglite database.`);
    expect(migrated.code).toBe(0);
    const again = await ops(['migrate'], { DATA_DIR: dataDir });
    expect(again.output).toContain('is current: nothing to migrate');
    await dataSurvives({ DATA_DIR: dataDir });
  }, 240_000);

  it.skipIf(!postgres)(
    'on PostgreSQL: the same, and a start with MIGRATE_ON_START=false serves once it is current',
    async () => {
      const url = await oldPostgres();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-upgrade-pg-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const settings = { DATA_DIR: dataDir, DATABASE_URL: url, MIGRATE_ON_START: 'false' };
      const refused = await startFails(dataDir, settings);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`the database is ${behind} migrations behind this version`);
      const migrated = await ops(['migrate'], settings);
      expect(migrated.output).toContain(`Applied ${behind} migrations to the postgres database.`);
      expect(migrated.code).toBe(0);
      const server = await startServer(dataDir, settings);
      cleanups.push(() => server.stop());
      const live = await fetch(`${server.url}/api/health/live`);
      expect(live.status).toBe(200);
      expect(await server.stop()).toBe(0);
      await dataSurvives({ DATA_DIR: dataDir, DATABASE_URL: url });
    },
    240_000,
  );
});
