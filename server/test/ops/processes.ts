import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { pgliteOptions } from '../../src/db/client.js';
import { freePort } from '../ports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The environment of a process the tests start: none of vitest's, none of the machine's cluster settings. */
function cleanEnv(settings: Record<string, string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of [
    'NODE_OPTIONS',
    'VITEST',
    'VITEST_POOL_ID',
    'VITEST_WORKER_ID',
    'REDIS_URL',
    'DATABASE_URL',
    'SESSION_SECRET',
    'INIT_CWD',
  ])
    delete env[name];
  return { ...env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...settings };
}

/** DATA_DIR/pglite as the run's migrated template, so a start skips initdb (seconds of CPU on a busy machine). */
export async function seedDataDir(dataDir: string): Promise<void> {
  const template = await readFile(inject('pgliteTemplate'));
  const client = new PGlite(path.join(dataDir, 'pglite'), { ...pgliteOptions, loadDataDir: new Blob([new Uint8Array(template)]) });
  await client.query('select 1');
  await client.close();
}

export interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** `server/src/main.ts` from the sources as its own process on DATA_DIR, once it says it is ready. */
export async function startServer(dataDir: string, settings: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: cleanEnv({ ...settings, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 180 s:\n${output}`)), 180_000);
    const check = () => {
      if (!output.includes('Lightpix is ready')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited, stop };
}

/** A start expected to fail: its exit code and what it printed. */
export async function startFails(dataDir: string, settings: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return run(['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    ...settings,
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
  });
}

/** `npm run migrate | backup | restore` as the operator runs it (scripts/ops.mjs runs src/cli/ops.ts, or the build when there is one). */
export function ops(args: string[], settings: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return run(['--import', 'tsx', path.join(root, 'server/src/cli/ops.ts'), ...args], settings);
}

function run(args: string[], settings: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, { cwd: root, env: cleanEnv(settings), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Signs up or in through the API as the web app does (same-origin JSON), returning the status, body and session cookie. */
export async function postJson(url: string, route: string, body: unknown, cookie = '') {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const setCookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie: setCookie || cookie };
}
