// `npm run migrate`, `npm run backup -- [file]`, `npm run restore -- <file> [--replace]`: the operator's database
// commands (docs/decisions/0245 and 0246).
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BackupRefused, lastAppliedMigration, lastShippedMigration, packBackup, restoreBackup, unpackBackup } from '../db/backup.js';
import { DatabaseUnreachable, migrationsFolder, openDatabase, pgliteFolder, pgliteOptions } from '../db/client.js';
import { askServer, backupFromServer } from '../db/control-socket.js';
import { EnvError, parseEnv } from '../runtime/env.js';

const [command, ...rest] = process.argv.slice(2);
const usage = 'Usage: npm run migrate | npm run backup -- [file.zip] | npm run restore -- <file.zip> [--replace]';

/** npm runs scripts from the package's root; a file named on the command line is the operator's, from where they typed it. */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * The settings, without generating DATA_DIR/session-secret: a restore brings its own, and a backup must not
 * invent one the database never used.
 */
function settings() {
  return parseEnv({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET || 'x'.repeat(32) });
}

async function migrate(): Promise<number> {
  const env = settings();
  if (!env.DATABASE_URL && (await askServer(env.DATA_DIR, 'status'))) {
    console.error(`Lightpix is running on ${env.DATA_DIR}: it migrated its database when it started. Stop it to migrate by hand.`);
    return 1;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: 'leave' });
  try {
    const before = await database.migrationState();
    if (before.newer) {
      console.error('The database was migrated by a newer version of Lightpix: run that version, or restore a backup made by this one.');
      return 1;
    }
    await database.migrate();
    console.log(
      before.pending === 0
        ? `The ${database.kind} database is current: nothing to migrate.`
        : `Applied ${before.pending} migration${before.pending === 1 ? '' : 's'} to the ${database.kind} database.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function backup(file: string | undefined): Promise<number> {
  const env = settings();
  if (env.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md), e.g. pg_dump --format=custom --file=lightpix.dump "$DATABASE_URL"',
    );
    return 2;
  }
  const folder = pgliteFolder(env.DATA_DIR);
  const target = fromCaller(file ?? `lightpix-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.zip`);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    console.error(`There is no embedded database in ${folder}.`);
    return 1;
  }
  // Through the running server when there is one, else straight from the folder (nobody else has it open).
  let taken = await backupFromServer(env.DATA_DIR);
  const through = taken ? 'through the running server' : 'from the stopped database';
  if (!taken) {
    const client = new PGlite(folder, pgliteOptions);
    try {
      const lastMigration = await lastAppliedMigration(client);
      taken = { dump: Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()), lastMigration };
    } finally {
      await client.close();
    }
  }
  const secretFile = path.join(env.DATA_DIR, 'session-secret');
  const secret = existsSync(secretFile) ? await readFile(secretFile, 'utf8') : null;
  const zip = await packBackup(new Blob([new Uint8Array(taken.dump)]), secret, {
    version: process.env.npm_package_version ?? 'unknown',
    createdAt: new Date().toISOString(),
    lastMigration: taken.lastMigration,
  });
  await writeFile(`${target}.partial`, zip, { mode: 0o600 });
  await rename(`${target}.partial`, target);
  const size = (zip.length / 1024 / 1024).toFixed(1);
  console.log(`Backup written ${through}: ${target} (${size} MB): the database${secret === null ? '' : ' and DATA_DIR/session-secret'}.`);
  if (secret === null && process.env.SESSION_SECRET) console.log('SESSION_SECRET comes from your settings: keep it with them.');
  return 0;
}

async function restore(file: string | undefined, replace: boolean): Promise<number> {
  if (!file) {
    console.error(usage);
    return 2;
  }
  const env = settings();
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md).');
    return 2;
  }
  const running = await askServer(env.DATA_DIR, 'status');
  if (running) {
    console.error(`Stop Lightpix first: it is running on ${env.DATA_DIR} (${running.toString('utf8')}).`);
    return 1;
  }
  const backup = await unpackBackup(await readFile(fromCaller(file)));
  const { movedAside } = await restoreBackup(backup, {
    dataDir: env.DATA_DIR,
    databaseFolder: pgliteFolder(env.DATA_DIR),
    replace,
    lastShipped: lastShippedMigration(migrationsFolder),
  });
  console.log(
    `Restored the backup of ${backup.manifest.createdAt} (version ${backup.manifest.version}) into ${env.DATA_DIR}` +
      `${backup.secret === null ? '' : ', with its session secret'}. Start Lightpix: it applies any newer migrations.`,
  );
  for (const aside of movedAside) console.log(`Kept what was there as ${aside}`);
  return 0;
}

async function run(): Promise<number> {
  if (command === 'migrate') return migrate();
  if (command === 'backup') return backup(rest.find((arg) => !arg.startsWith('--')));
  if (command === 'restore')
    return restore(
      rest.find((arg) => !arg.startsWith('--')),
      rest.includes('--replace'),
    );
  console.error(usage);
  return 2;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof EnvError || error instanceof DatabaseUnreachable || error instanceof BackupRefused;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);
