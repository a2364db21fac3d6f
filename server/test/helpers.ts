import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.js';
import { openPglite, openPostgres, pgliteOptions, type DatabaseHandle } from '../src/db/client.js';
import { parseEnv } from '../src/runtime/env.js';
import { fileResultStore, type ResultStore } from '../src/storage/result-store.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases this run can test against: PGlite always, PostgreSQL when reachable (always on CI). */
export const databaseKinds: DatabaseKind[] = inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database copied from the run's template. */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const template = await readFile(inject('pgliteTemplate'));
    return openPglite(await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([template]) }));
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL is not available');
  const name = `lightpix_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const fixture = (name: string) => readFile(path.join(fixturesDir, name));

/** A clock the test can move forward. */
export function testClock(start = new Date('2026-11-21T10:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceHours(hours: number) {
      current += hours * 3600 * 1000;
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real app over a fresh database and a temporary result folder. */
export async function createTestApp(
  kind: DatabaseKind,
  settings: Record<string, string> = {},
  clock = testClock(),
  extra: Pick<AppDeps, 'queueLimits' | 'logger' | 'timeouts' | 'busyDoorWaitMs' | 'pool' | 'exportJobs'> & {
    store?: (resultsDir: string) => ResultStore;
  } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-app-'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), ...settings });
  const database = await openTestDatabase(kind);
  const resultsDir = path.join(dataDir, 'results');
  const store = extra.store?.(resultsDir) ?? fileResultStore(resultsDir);
  // A burst's 503s come at once unless a test asks for the door's wait (its own tests: busy-door, retry-storm).
  const app = await buildApp({
    env,
    database,
    store,
    now: clock.now,
    queueLimits: extra.queueLimits,
    logger: extra.logger,
    timeouts: extra.timeouts,
    busyDoorWaitMs: extra.busyDoorWaitMs ?? 0,
    pool: extra.pool,
    exportJobs: extra.exportJobs,
  });
  return {
    app,
    database,
    store,
    resultsDir,
    clock,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body: the file first, then the settings (the web client sends the settings first; the server takes either order). */
export function processForm(file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('image', new Blob([file]), filename);
  const defaults = { width: '', height: '', quality: '75', format: '', maintainRatio: 'true' };
  for (const [name, value] of Object.entries({ ...defaults, ...fields })) form.append(name, value);
  return form;
}

/** A signed-in-less visitor: keeps the session cookie between requests like a browser does. */
export function visitor(app: TestApp['app'], ip = '203.0.113.10') {
  // Every cookie the server set, by name, sent back together: the session, and the device cookie a sign-up sets.
  const jar = new Map<string, string>();
  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair);
    }
  };
  const jarHeader = () => [...jar.values()].join('; ');
  return {
    /** The session cookie (`name=value`), as a browser would send it; every other cookie goes along in requests. */
    get cookie() {
      return jar.get('lightpix_session') ?? '';
    },
    async get(url: string) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie: jarHeader() }, remoteAddress: ip });
      remember(response.headers['set-cookie']);
      return response;
    },
    async post(url: string, body: unknown, headers: Record<string, string> = {}) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: jarHeader(), ...headers },
        payload: body as object,
        remoteAddress: ip,
      });
      remember(response.headers['set-cookie']);
      return response;
    },
    async request(method: 'DELETE' | 'PUT' | 'PATCH', url: string, body: unknown) {
      const response = await app.inject({ method, url, headers: { cookie: jarHeader() }, payload: body as object, remoteAddress: ip });
      remember(response.headers['set-cookie']);
      return response;
    },
    async delete(url: string, headers: Record<string, string> = {}) {
      const response = await app.inject({ method: 'DELETE', url, headers: { cookie: jarHeader(), ...headers }, remoteAddress: ip });
      remember(response.headers['set-cookie']);
      return response;
    },
    async process(file: Buffer, filename: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
      const body = new Request('http://x', { method: 'POST', body: processForm(file, filename, fields) });
      const response = await app.inject({
        method: 'POST',
        url: '/api/images/process',
        headers: { cookie: jarHeader(), 'content-type': body.headers.get('content-type')!, ...headers },
        payload: Buffer.from(await body.arrayBuffer()),
        remoteAddress: ip,
      });
      remember(response.headers['set-cookie']);
      return response;
    },
  };
}

export { addressPool } from './addresses.js';

/** The operator's admin the settings create at start (ADMIN_EMAIL, docs/decisions/0189); spread into createTestApp's settings. */
export const operatorAdmin = (email = 'boss@example.com') => ({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'correct horse battery' });

/** Signs the operator's admin in on a new client. */
export async function signedInAdmin(app: TestApp['app'], ip: string, email = 'boss@example.com') {
  const client = visitor(app, ip);
  const response = await client.post('/api/auth/login', { email, password: 'correct horse battery' });
  if (response.statusCode !== 200 || !response.json().isAdmin) throw new Error(`The admin ${email} could not sign in: ${response.body}`);
  return { client, id: response.json().id as string };
}
