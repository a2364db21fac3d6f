import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { pgliteOptions } from './client.js';

/**
 * A backup of the embedded database (docs/decisions/0245): one zip holding PGlite's own dump of its data folder
 * (a tar.gz taken between two queries, so it is what a crash at that instant would leave, and PostgreSQL's
 * recovery makes it whole), DATA_DIR/session-secret when there is one, and a manifest saying what made it.
 */
export interface BackupManifest {
  format: 1;
  app: 'lightpix';
  version: string;
  createdAt: string;
  /** The last migration applied when it was made (drizzle's folderMillis); a version that ships none later cannot restore it. */
  lastMigration: number | null;
  sessionSecret: boolean;
}

const MANIFEST = 'lightpix-backup.json';
const DATABASE = 'pglite.tar.gz';
const SECRET = 'session-secret';

export class BackupRefused extends Error {}

/** The last migration this version ships. */
export function lastShippedMigration(migrationsFolder: string): number | null {
  const shipped = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  return shipped.length > 0 ? Math.max(...shipped) : null;
}

/** The last migration a database applied, or null before any. */
export async function lastAppliedMigration(client: PGlite): Promise<number | null> {
  const { rows } = await client.query<{ last: string | number | null }>(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then null
       else (select max(created_at) from drizzle.__drizzle_migrations) end as last`,
  );
  return rows[0]?.last == null ? null : Number(rows[0].last);
}

/** The zip's bytes, from a dump of the database and the secret file's text. */
export async function packBackup(dump: Blob, secret: string | null, manifest: Omit<BackupManifest, 'format' | 'app' | 'sessionSecret'>) {
  const zip = new yazl.ZipFile();
  const full: BackupManifest = { format: 1, app: 'lightpix', ...manifest, sessionSecret: secret !== null };
  zip.addBuffer(Buffer.from(`${JSON.stringify(full, null, 2)}\n`), MANIFEST);
  // The dump is gzip already: stored as it is.
  zip.addBuffer(Buffer.from(await dump.arrayBuffer()), DATABASE, { compress: false });
  if (secret !== null) zip.addBuffer(Buffer.from(secret), SECRET, { mode: 0o100600 });
  zip.end();
  return readAll(zip.outputStream);
}

export interface UnpackedBackup {
  manifest: BackupManifest;
  dump: Buffer;
  secret: string | null;
}

export async function unpackBackup(data: Buffer): Promise<UnpackedBackup> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true });
  } catch {
    throw new BackupRefused('This file is not a Lightpix backup (not a zip).');
  }
  const parts = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (![MANIFEST, DATABASE, SECRET].includes(entry.fileName)) continue;
    parts.set(entry.fileName, await readAll(await zip.openReadStreamPromise(entry)));
  }
  const manifestText = parts.get(MANIFEST);
  const dump = parts.get(DATABASE);
  let manifest: BackupManifest | null = null;
  try {
    manifest = manifestText ? (JSON.parse(manifestText.toString('utf8')) as BackupManifest) : null;
  } catch {
    manifest = null;
  }
  if (!manifest || manifest.app !== 'lightpix' || !dump)
    throw new BackupRefused('This file is not a Lightpix backup (no manifest or database).');
  if (manifest.format !== 1) throw new BackupRefused(`This backup's format (${String(manifest.format)}) is newer than this version reads.`);
  return { manifest, dump, secret: parts.get(SECRET)?.toString('utf8') ?? null };
}

const hasFiles = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/** Where the database and the secret go, and what was moved aside to make room. */
export interface RestorePlan {
  dataDir: string;
  databaseFolder: string;
  /** Move an existing database and a different secret aside instead of refusing. */
  replace: boolean;
  /** A version that ships migrations up to this one restores backups made up to it. */
  lastShipped: number | null;
}

/**
 * Restores into DATA_DIR with the server stopped: the dump is loaded by PGlite into a new folder beside the
 * database's, then renamed into place; what was there is kept aside (with `replace`), never deleted.
 */
export async function restoreBackup(backup: UnpackedBackup, plan: RestorePlan): Promise<{ movedAside: string[] }> {
  const { manifest } = backup;
  if (manifest.lastMigration !== null && plan.lastShipped !== null && manifest.lastMigration > plan.lastShipped)
    throw new BackupRefused(
      `This backup was made by a newer version of Lightpix (${manifest.version}); restore it with that version or a later one.`,
    );
  const secretFile = path.join(plan.dataDir, SECRET);
  const currentSecret = existsSync(secretFile) ? (await readFile(secretFile, 'utf8')).trim() : null;
  const secretDiffers = backup.secret !== null && currentSecret !== null && currentSecret !== backup.secret.trim();
  if (!plan.replace && hasFiles(plan.databaseFolder))
    throw new BackupRefused(
      `${plan.databaseFolder} already holds a database: restore into an empty DATA_DIR, or add --replace to move it aside.`,
    );
  if (!plan.replace && secretDiffers)
    throw new BackupRefused(
      `${secretFile} holds another session secret: restore into an empty DATA_DIR, or add --replace to move it aside.`,
    );

  const incoming = `${plan.databaseFolder}.restoring`;
  await rm(incoming, { recursive: true, force: true });
  const client = new PGlite(incoming, { ...pgliteOptions, loadDataDir: new Blob([new Uint8Array(backup.dump)]) });
  try {
    // The restored database answers before it replaces anything.
    await client.query('select 1');
  } finally {
    await client.close();
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  if (hasFiles(plan.databaseFolder)) {
    const aside = `${plan.databaseFolder}.before-restore-${stamp}`;
    await rename(plan.databaseFolder, aside);
    movedAside.push(aside);
  } else await rm(plan.databaseFolder, { recursive: true, force: true });
  await rename(incoming, plan.databaseFolder);
  if (backup.secret !== null && currentSecret === null) await writeFile(secretFile, backup.secret, { mode: 0o600 });
  if (backup.secret !== null && secretDiffers) {
    const aside = `${secretFile}.before-restore-${stamp}`;
    await rename(secretFile, aside);
    movedAside.push(aside);
    await writeFile(secretFile, backup.secret, { mode: 0o600 });
  }
  return { movedAside };
}
