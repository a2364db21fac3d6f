import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { migrationState, refuseUnlessCurrent, type MigrationState } from './migrations.js';
export { SchemaNotCurrent } from './migrations.js';
import * as tables from './schema/index.js';
import { results } from './schema/results.js';

/** Every table; the results table is read and written through modules/results only (docs/decisions/0172). */
const schema = { ...tables, results };

export type Schema = typeof schema;
/** The query surface both drivers share; services depend on this, never on a driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database's client, for a backup taken through the running process (docs/decisions/0245). */
  pglite?: PGlite;
  /**
   * Runs a task that must run in one instance at a time (the retention sweep, the uptime sample): when
   * another instance holds the task's lock, returns false at once without running it.
   */
  runAlone(name: string, task: () => Promise<void>): Promise<boolean>;
  /** How far the schema is from this version's migrations, and applying them (`npm run migrate`). */
  migrationState(): Promise<MigrationState>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database's folder inside DATA_DIR. */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/** Advisory-lock names, in one place so no two uses share one by accident (docs/decisions/0062). */
const MIGRATIONS_LOCK = 'lightpix:migrations';
const taskLock = (name: string) => `lightpix:task:${name}`;

/** Committed migrations in server/drizzle, found from this file in source (src/db) and in the bundle (dist). */
const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder =
  [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((dir) => existsSync(path.join(dir, 'meta/_journal.json'))) ??
  path.resolve(here, '../drizzle');

/**
 * PGlite as the app runs it: PostgreSQL's default 128 MB buffer cache is written through at start-up
 * and stays resident; 16 MB holds this app's working set (docs/decisions/0095-idle-memory.md).
 */
export const pgliteOptions = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

/** A migrated data folder the build makes (server/build.mjs), so a first start copies it instead of running initdb. */
export const pgliteTemplateFolder = path.resolve(here, 'pglite-template');

/**
 * A new data folder starts as a copy of the build's template: initdb inside the app's process left it
 * at 700–850 MB RSS for good. Copied aside and renamed, so a crash mid-copy leaves no half database.
 */
export async function seedPgliteFolder(folder: string, template = pgliteTemplateFolder): Promise<void> {
  if (!existsSync(path.join(template, 'PG_VERSION'))) return;
  if (existsSync(folder) && readdirSync(folder).length > 0) return;
  const copy = `${folder}.seeding`;
  await rm(copy, { recursive: true, force: true });
  await mkdir(path.dirname(folder), { recursive: true });
  await cp(template, copy, { recursive: true });
  await rm(folder, { recursive: true, force: true });
  await rename(copy, folder);
}

/**
 * What opening does to the schema: `apply` the shipped migrations (the default, MIGRATE_ON_START), `require-current`
 * (refuse a schema behind or ahead of this version), or `leave` it to the caller (`npm run migrate`; docs/decisions/0246).
 */
export interface OpenOptions {
  migrate?: 'apply' | 'require-current' | 'leave';
}

export async function openPglite(client: PGlite, migrations = migrationsFolder, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema });
  const state = () => migrationState(async (text) => (await client.query<Record<string, unknown>>(text)).rows, migrations);
  const migrate = () => migratePglite(db, { migrationsFolder: migrations });
  try {
    if (options.migrate === 'require-current') refuseUnlessCurrent(await state());
    else if (options.migrate !== 'leave') await migrate();
  } catch (error) {
    await client.close();
    throw error;
  }
  // PGlite lives in one process, which is the only instance: nothing to coordinate.
  const runAlone = async (_name: string, task: () => Promise<void>) => {
    await task();
    return true;
  };
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    pglite: client,
    runAlone,
    migrationState: state,
    migrate,
    close: () => client.close(),
  };
}

/** How long start-up waits for PostgreSQL to connect and answer before it gives up. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** A database that cannot be reached, named by host and port only: the URL holds the password. */
export class DatabaseUnreachable extends Error {}

function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'the address given';
  }
}

export async function openPostgres(
  url: string,
  migrations = migrationsFolder,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  // The PostgreSQL driver loads only with DATABASE_URL: the embedded database's process never needs it (docs/decisions/0280).
  const [{ default: pgDriver }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pgDriver.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: connectTimeoutMs });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason =
      error instanceof Error && /timeout/i.test(error.message) ? `no answer within ${connectTimeoutMs / 1000} s` : 'the connection failed';
    throw new DatabaseUnreachable(`DATABASE_URL: cannot reach PostgreSQL at ${where(url)} (${reason}).`);
  }
  const state = () => migrationState(async (text) => (await pool.query<Record<string, unknown>>(text)).rows, migrations);
  const migrate = () => migrateOnce(pool, migrations);
  try {
    if (options.migrate === 'require-current') refuseUnlessCurrent(await state());
    else if (options.migrate !== 'leave') await migrate();
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    runAlone: (name, task) => runAloneOn(pool, name, task),
    migrationState: state,
    migrate,
    close: () => pool.end(),
  };
}

/**
 * Instances starting together migrate one after another under a session advisory lock: the first
 * applies the migrations, the others wait, then find nothing left to apply. The lock goes with the
 * connection, so an instance that dies mid-way frees it (docs/decisions/0062).
 */
async function migrateOnce(pool: pg.Pool, migrations: string): Promise<void> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
  } catch (error) {
    connection.release(true);
    throw error;
  }
  try {
    await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder: migrations });
  } finally {
    await unlockAndRelease(connection, MIGRATIONS_LOCK);
  }
}

async function runAloneOn(pool: pg.Pool, name: string, task: () => Promise<void>): Promise<boolean> {
  const connection = await pool.connect();
  let locked: boolean;
  try {
    const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [taskLock(name)]);
    locked = rows[0]?.locked === true;
  } catch (error) {
    connection.release(true);
    throw error;
  }
  if (!locked) {
    connection.release();
    return false;
  }
  try {
    await task();
  } finally {
    await unlockAndRelease(connection, taskLock(name));
  }
  return true;
}

/** A connection whose unlock failed is closed instead of reused: closing it frees the lock. */
async function unlockAndRelease(connection: pg.PoolClient, lock: string): Promise<void> {
  try {
    await connection.query('select pg_advisory_unlock(hashtext($1))', [lock]);
    connection.release();
  } catch {
    connection.release(true);
  }
}
/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. Migrations run here. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string } & OpenOptions): Promise<DatabaseHandle> {
  const open = { migrate: options.migrate };
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrationsFolder, CONNECT_TIMEOUT_MS, open);
  const folder = pgliteFolder(options.dataDir);
  await seedPgliteFolder(folder);
  return openPglite(new PGlite(folder, pgliteOptions), migrationsFolder, open);
}
