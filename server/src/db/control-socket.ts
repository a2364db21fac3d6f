import { existsSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { lastAppliedMigration } from './backup.js';

/**
 * The embedded database admits one process, the server's; `npm run backup` asks that process for the dump through
 * a Unix socket in DATA_DIR, readable only by the server's own user, never on a network (docs/decisions/0245).
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

/** Another server already runs on this DATA_DIR: two processes on one PGlite folder would corrupt it. */
export class DataDirInUse extends Error {}

/** What a running server answers on its socket, or null when none answers. */
export async function askServer(dataDir: string, what: 'status'): Promise<Buffer | null> {
  return (await request(dataDir, what))?.body ?? null;
}

/** A running server's dump of its database and the last migration it had applied, or null when none answers. */
export async function backupFromServer(dataDir: string): Promise<{ dump: Buffer; lastMigration: number | null } | null> {
  const answer = await request(dataDir, 'backup');
  if (!answer) return null;
  const last = answer.headers['x-last-migration'];
  return { dump: answer.body, lastMigration: typeof last === 'string' && last !== '' ? Number(last) : null };
}

async function request(dataDir: string, what: 'status' | 'backup'): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders } | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return null;
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: `/${what}`, method: what === 'backup' ? 'POST' : 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve({ body: Buffer.concat(chunks), headers: response.headers })
          : reject(new Error(Buffer.concat(chunks).toString('utf8'))),
      );
      response.on('error', reject);
    });
    // A socket file left by a process that died: nobody listens.
    request.on('error', (error: NodeJS.ErrnoException) =>
      ['ECONNREFUSED', 'ENOENT', 'ENOTSOCK'].includes(error.code ?? '') ? resolve(null) : reject(error),
    );
    request.end();
  });
}

/** Before the embedded database is opened: a server already answering on DATA_DIR's socket stops this start. */
export async function refuseIfServerRuns(dataDir: string): Promise<void> {
  const running = await askServer(dataDir, 'status').catch(() => null);
  if (running)
    throw new DataDirInUse(
      `DATA_DIR: another Lightpix (${running.toString('utf8')}) is running on ${dataDir}; one process per embedded database.`,
    );
}

export interface ControlSocket {
  close(): Promise<void>;
}

/**
 * Serves `GET /status` and `POST /backup` (PGlite's dump, taken between two queries) on DATA_DIR/control.sock;
 * null when the path is longer than a Unix socket's 107 bytes (then a backup needs the server stopped).
 */
export async function serveControlSocket(dataDir: string, client: PGlite): Promise<ControlSocket | null> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > 107) return null;
  await refuseIfServerRuns(dataDir);
  await rm(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/status') {
      response.end(`pid ${process.pid}`);
      return;
    }
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end('not found');
      return;
    }
    lastAppliedMigration(client)
      .then(async (last) => {
        const dump = await client.dumpDataDir('gzip');
        response
          .writeHead(200, { 'content-type': 'application/gzip', 'x-last-migration': last === null ? '' : String(last) })
          .end(Buffer.from(await dump.arrayBuffer()));
      })
      .catch((error: unknown) => response.writeHead(500).end(error instanceof Error ? error.message : 'the dump failed'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}
