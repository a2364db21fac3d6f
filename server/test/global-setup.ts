import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to copy per test file; null when PostgreSQL is unreachable here. */
    postgresTemplate: { url: string; name: string } | null;
  }
}

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Migrates once per run; each test file then starts from a copy (cheap), never from initdb (slow). */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lightpix-test-'));
  const client = new PGlite();
  const handle = await openPglite(client);
  const dump = await client.dumpDataDir('none');
  const templateFile = path.join(folder, 'pglite-template.tar');
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', templateFile);

  const templateName = `lightpix_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  let postgres: { url: string; name: string } | null = null;
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${templateName}`;
    const migrated = await openPostgres(url.toString());
    await migrated.close();
    postgres = { url: POSTGRES_URL, name: templateName };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.CI) throw new Error(`PostgreSQL is required on CI (${POSTGRES_URL}): ${reason}`);
    console.warn(`\n[lightpix] PostgreSQL tests are SKIPPED: ${POSTGRES_URL} is not reachable (${reason}).\n`);
  }
  project.provide('postgresTemplate', postgres);

  return async () => {
    if (postgres) {
      // Test files may still be disconnecting; FORCE ends their connections.
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`).catch(() => undefined);
    }
    await admin.end().catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  };
}
