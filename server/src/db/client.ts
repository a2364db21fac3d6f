import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The query surface both drivers share; services depend on this, never on a driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Committed migrations in server/drizzle, found from this file in source (src/db) and in the bundle (dist). */
const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder =
  [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((dir) =>
    existsSync(path.join(dir, 'meta/_journal.json')),
  ) ?? path.resolve(here, '../drizzle');

export async function openPglite(client: PGlite, migrations = migrationsFolder): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: migrations });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
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

export async function openPostgres(url: string, migrations = migrationsFolder, connectTimeoutMs = CONNECT_TIMEOUT_MS): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: connectTimeoutMs });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error && /timeout/i.test(error.message) ? `no answer within ${connectTimeoutMs / 1000} s` : 'the connection failed';
    throw new DatabaseUnreachable(`DATABASE_URL: cannot reach PostgreSQL at ${where(url)} (${reason}).`);
  }
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder: migrations });
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. Migrations run here. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(new PGlite(path.join(options.dataDir, 'pglite')));
}
