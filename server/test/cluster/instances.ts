import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from '../ports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why the cluster tests cannot run here (no PostgreSQL or Redis), or null. On CI both must be there. */
export async function clusterUnavailable(): Promise<string | null> {
  const problems: string[] = [];
  if (!inject('postgresTemplate')) problems.push('PostgreSQL is not reachable');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  await redis
    .connect()
    .then(() => redis.ping())
    .catch(() => problems.push(`Redis is not reachable at ${REDIS_URL}`));
  redis.disconnect();
  if (problems.length === 0) return null;
  const reason = problems.join('; ');
  if (process.env.CI) throw new Error(`The cluster tests need PostgreSQL and Redis on CI: ${reason}`);
  console.warn(`\n[lightpix] cluster tests are SKIPPED: ${reason}.\n`);
  return reason;
}

/** A fresh database copied from the run's migrated template, for processes that connect by URL. */
export async function freshPostgresDatabase() {
  const template = inject('postgresTemplate')!;
  const name = `lightpix_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A Redis prefix no other test file or run uses, and a way to remove its keys afterwards. */
export function uniqueRedisPrefix() {
  const prefix = `lightpix-test-${randomBytes(4).toString('hex')}`;
  return {
    prefix,
    url: REDIS_URL,
    async clear() {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}

export interface Instance {
  name: string;
  child: ChildProcess;
  /** http://127.0.0.1:port for a web instance. */
  url: string;
  /** Everything it printed, for a failing test's message. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `server/src/main.ts` (a web instance) or `server/src/worker.ts` (npm run worker) from the
 * sources as its own process, and resolves once it says it is ready.
 */
export async function startInstance(name: string, entry: 'main' | 'worker', settings: Record<string, string>): Promise<Instance> {
  const port = entry === 'main' ? await freePort() : 0;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `lightpix-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, `server/src/${entry}.ts`)], {
    cwd: root,
    env: { ...process.env, ...settings, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => rm(dataDir, { recursive: true, force: true }));
  const readyLine = entry === 'main' ? 'Lightpix is ready' : 'Lightpix worker is ready';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output}`)), 60_000);
    const check = () => {
      if (!output.includes(readyLine)) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve();
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
    });
  });
  return { name, child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** kill -9: no shutdown, no goodbye, as when a machine or container dies. */
export async function killHard(instance: Instance): Promise<void> {
  instance.child.kill('SIGKILL');
  await instance.exited;
}

/** SIGTERM, and the exit code once it has shut down. */
export async function stop(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return instance.child.exitCode;
  instance.child.kill('SIGTERM');
  return instance.exited;
}
