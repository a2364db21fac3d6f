import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ops, postJson, seedDataDir, startServer, type Server } from './processes.js';

/*
 * `npm run backup` while the server runs, `npm run restore` into a new DATA_DIR, and the app on it
 * (docs/decisions/0245): an account made before the backup signs in, its session cookie still works
 * (the session secret came along), and one made after the backup does not exist.
 */
const folders: string[] = [];
const servers: Server[] = [];
const folder = async (name: string) => {
  const made = await mkdtemp(path.join(os.tmpdir(), `lightpix-${name}-`));
  folders.push(made);
  return made;
};
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const made of folders) await rm(made, { recursive: true, force: true });
});

const account = (email: string) => ({ email, password: 'correct horse 7', firstName: 'Ada', lastName: 'Byron' });

describe('backup and restore of the embedded database', () => {
  it('backs up a running server, restores into a fresh DATA_DIR, and signs in there', async () => {
    const original = await folder('backup-original');
    const work = await folder('backup-files');
    await seedDataDir(original);
    const first = await startServer(original);
    servers.push(first);
    const before = await postJson(first.url, '/api/auth/register', account('before@example.com'));
    expect(before.status).toBe(201);

    const file = path.join(work, 'nightly.zip');
    const backup = await ops(['backup', file], { DATA_DIR: original });
    expect(backup.output).toContain('through the running server');
    expect(backup.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    // Made after the backup: the restored copy never saw it.
    expect((await postJson(first.url, '/api/auth/register', account('after@example.com'))).status).toBe(201);

    // A restore over a running server's folder is refused and changes nothing.
    const refused = await ops(['restore', file], { DATA_DIR: original });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Stop Lightpix first');

    const restored = await folder('backup-restored');
    const restore = await ops(['restore', file], { DATA_DIR: restored });
    expect(restore.output).toContain('with its session secret');
    expect(restore.code).toBe(0);
    expect(await readFile(path.join(restored, 'session-secret'), 'utf8')).toBe(
      await readFile(path.join(original, 'session-secret'), 'utf8'),
    );

    const second = await startServer(restored);
    servers.push(second);
    const signIn = await postJson(second.url, '/api/auth/login', { email: 'before@example.com', password: 'correct horse 7' });
    expect(signIn.status).toBe(200);
    expect(signIn.body.email).toBe('before@example.com');
    const kept = await fetch(`${second.url}/api/auth/user`, { headers: { cookie: before.cookie } });
    expect(((await kept.json()) as { email?: string } | null)?.email).toBe('before@example.com');
    expect((await postJson(second.url, '/api/auth/login', { email: 'after@example.com', password: 'correct horse 7' })).status).toBe(401);

    // A second restore into a folder that now holds a database asks for --replace, which keeps the old one aside.
    expect(await second.stop()).toBe(0);
    const again = await ops(['restore', file], { DATA_DIR: restored });
    expect(again.output).toContain('already holds a database');
    expect(again.code).toBe(1);
    const replaced = await ops(['restore', file, '--replace'], { DATA_DIR: restored });
    expect(replaced.output).toContain('Kept what was there as');
    expect(replaced.code).toBe(0);

    // With the server stopped, the backup is taken from the folder itself.
    expect(await first.stop()).toBe(0);
    const offline = await ops(['backup', path.join(work, 'offline.zip')], { DATA_DIR: original });
    expect(offline.output).toContain('from the stopped database');
    expect(offline.code).toBe(0);
  }, 480_000);

  it('says what to use with PostgreSQL, and refuses a file that is not a backup', async () => {
    const dataDir = await folder('backup-none');
    const postgres = await ops(['backup'], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(postgres.code).toBe(2);
    expect(postgres.output).toContain('pg_dump');
    const notZip = path.join(dataDir, 'notes.zip');
    await writeFile(notZip, 'hello');
    const refused = await ops(['restore', notZip], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('not a Lightpix backup');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);
});
