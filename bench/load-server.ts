import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshPostgres } from './postgres.js';
import { startServer, type ServerOptions, type ServerProcess } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtServer = path.join(root, 'server/dist/main.js');

export type DatabaseKind = 'pglite' | 'postgres';

export interface LoadServer {
  origin: string;
  pid: number;
  /** Log lines at error level or above since start: a busy 503 must not be one. */
  errorLines(): number;
  /** Session rows in the database (PostgreSQL only: PGlite's folder is the server's alone). */
  sessionRows(): Promise<number | null>;
  /** The PostgreSQL backends serving the server's database (PostgreSQL on this machine only; null on PGlite). */
  databaseBackends(): Promise<number[] | null>;
  close(): Promise<void>;
}

/**
 * The built server (server/dist/main.js), as `npm start` runs it (bench/server-process.ts). Only the
 * settings below reach it, so a developer's own REDIS_URL or bucket is not used.
 * Each request names its own client address in X-Forwarded-For (TRUST_PROXY=1), like visitors behind
 * a proxy, so the per-client request limit answers only where a test means it to.
 */
export async function startLoadServer(
  kind: DatabaseKind,
  postgresAdminUrl: string,
  settings: Record<string, string>,
  how: Pick<ServerOptions, 'nodeArgs' | 'script' | 'tree'> = {},
): Promise<LoadServer> {
  const built = how.script ?? (how.tree ? path.join(how.tree, 'server/dist/main.js') : builtServer);
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-load-'));
  const database = kind === 'postgres' ? await freshPostgres(postgresAdminUrl, 'lightpix_load') : null;
  const removeData = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let errors = 0;
  let server: ServerProcess;
  try {
    server = await startServer(
      'build',
      { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', TRUST_PROXY: '1', LOG_LEVEL: 'warn', ...settings },
      { inheritEnv: false, stdout: 'pipe', ...how },
    );
  } catch (error) {
    await removeData();
    throw error;
  }
  // pino writes one JSON object a line, its level as a word (docs/decisions/0240).
  readline.createInterface({ input: server.child.stdout! }).on('line', (line) => {
    const level = /"level":"(\w+)"/.exec(line)?.[1];
    if (level === 'error' || level === 'fatal') {
      errors++;
      if (errors <= 3) process.stderr.write(`server error log: ${line.slice(0, 300)}\n`);
    }
  });
  return {
    origin: server.origin,
    pid: server.pid,
    errorLines: () => errors,
    async sessionRows() {
      if (!database) return null;
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ count: string }>('select count(*) from sessions');
      await client.end();
      return Number(rows[0]!.count);
    },
    async databaseBackends() {
      if (!database) return null;
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database.name],
      );
      await client.end();
      return rows.map((row) => row.pid);
    },
    async close() {
      await server.stop();
      await removeData();
    },
  };
}
