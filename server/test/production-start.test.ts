import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTION_ALLOCATOR, PRODUCTION_NODE_FLAGS } from '../src/runtime/memory-settings.js';
import { freePort } from './ports.js';

/*
 * The production start (docs/decisions/0204, 0205): the build runs with the production install's packages,
 * `node server/dist/main.js` stops within 10 s of SIGTERM with an upload in flight answered, and `npm start`
 * passes SIGTERM on so nothing is left running. These run the build, so `npm run build` comes first (CI does).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = [
  'server/dist/main.js',
  'server/dist/worker.js',
  'server/dist/job-child.js',
  'server/dist/admin.js',
  'web/dist/index.html',
].every((p) => existsSync(path.join(root, p)));
if (!built && process.env.CI) throw new Error('The production start tests need `npm run build` first');
if (!built) console.warn('\n[lightpix] production start tests are SKIPPED: no build (run npm run build).\n');

const readJson = (p: string) => JSON.parse(readFileSync(path.join(root, p), 'utf8')) as { dependencies?: Record<string, string> };

/** The package a bare import names: `@scope/name` or `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

const running: Started[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const started of running.splice(0)) if (started.child.exitCode === null) started.child.kill('SIGKILL');
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function start(command: string, args: string[], readyWithinMs = 60_000, settings: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-production-'));
  folders.push(dataDir);
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of ['NODE_OPTIONS', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'REDIS_URL', 'DATABASE_URL']) delete env[name];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, ...settings, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  const started = { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
  running.push(started);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within ${readyWithinMs} ms:\n${output}`)), readyWithinMs);
    const check = () => {
      if (!output.includes('Lightpix is ready')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    void exited.then(({ code }) => reject(new Error(`exited with ${code} before it was ready:\n${output}`)));
  });
  return started;
}

/** The server's own pid, from its JSON log lines (the `npm start` wrapper's child). */
const serverPid = (output: string) => {
  const line = output.split('\n').find((l) => l.includes('Lightpix is ready'));
  return (JSON.parse(line!) as { pid: number }).pid;
};
/** Whether a process has jemalloc mapped, and its children's pids (Linux /proc). */
const mapsJemalloc = (pid: number) => readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libjemalloc');
const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!built)('the production start', () => {
  it('imports only packages a production install has (dependencies, not devDependencies)', () => {
    const installed = new Set(
      ['server/package.json', 'shared/package.json', 'web/package.json'].flatMap((p) => Object.keys(readJson(p).dependencies ?? {})),
    );
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const imported = new Set<string>();
    for (const file of ['main.js', 'worker.js', 'job-child.js', 'heic-worker.mjs', 'ops.js', 'admin.js']) {
      const code = readFileSync(path.join(root, 'server/dist', file), 'utf8');
      const statements = /^(?:import|export)\b[^;]*?["']([^"'./][^"']*)["'];?$/gm;
      // require2(…) too: esbuild renames a module's own createRequire (sharp, loaded on first use, decision 0280).
      const calls = /\b(?:import|require\d*)\(\s*["']([^"'./][^"']*)["']\s*\)/g;
      for (const match of [...code.matchAll(statements), ...code.matchAll(calls)]) {
        if (!builtins.has(match[1]!) && !match[1]!.startsWith('node:')) imported.add(packageOf(match[1]!));
      }
    }
    expect([...imported]).toEqual(expect.arrayContaining(['fastify', 'sharp', 'drizzle-orm']));
    expect([...imported].filter((name) => !installed.has(name))).toEqual([]);
  });

  it('npm run admin runs the built command, which needs no dev dependency', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-admin-'));
    folders.push(dataDir);
    expect(readFileSync(path.join(root, 'package.json'), 'utf8')).toContain('"admin": "node scripts/admin.mjs"');
    // The built file runs by itself (its imports are checked above), and scripts/admin.mjs picks it.
    for (const command of [['server/dist/admin.js'], ['scripts/admin.mjs']]) {
      const ran = spawnSync(process.execPath, [...command, 'grant', 'nobody@example.com'], {
        cwd: root,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'production' },
        encoding: 'utf8',
      });
      expect([ran.status, ran.stderr.trim()], ran.stdout).toEqual([1, 'No account uses nobody@example.com.']);
    }
  });

  it('node server/dist/main.js answers an upload in flight and exits within 10 s of SIGTERM', async () => {
    // As README, the Containerfile and the systemd unit start it: with the memory settings of decision 0280.
    const server = await start(process.execPath, [...PRODUCTION_NODE_FLAGS, 'server/dist/main.js'], 60_000, PRODUCTION_ALLOCATOR);
    // A photo-sized image to WebP at its full size: a second or more of work, so it is still in flight when the stop comes.
    const noise = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    form.append('format', 'webp');
    form.append('image', new Blob([noise], { type: 'image/jpeg' }), 'noise.jpg');
    const upload = fetch(`${server.url}/api/images/process`, { method: 'POST', body: form, headers: { origin: server.url } });
    // Stopped once the upload has arrived and its job runs.
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The server runs on jemalloc and says nothing of missing settings; its job process is back on glibc.
    expect(mapsJemalloc(server.child.pid!)).toBe(true);
    expect(server.output()).not.toContain('memory settings');
    const jobProcesses = childrenOf(server.child.pid!);
    expect(jobProcesses.length).toBeGreaterThan(0);
    expect(jobProcesses.filter(mapsJemalloc)).toEqual([]);
    const stoppedAt = performance.now();
    server.child.kill('SIGTERM');
    const response = await upload;
    const { code, at } = await server.exited;
    expect(at - stoppedAt, server.output()).toBeLessThan(10_000);
    expect(code, server.output()).toBe(0);
    // Finished (201, the result made) or answered 503 with when to try again: never a connection cut without a word.
    if (response.status === 201) expect(((await response.json()) as { status: string }).status).toBe('completed');
    else {
      expect(response.status, await response.clone().text()).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
    }
  });

  it('npm start passes SIGTERM on to the server: nothing is left running', { timeout: 300_000 }, async () => {
    // Sources newer than the build (an edited checkout) are built first, as npm start does.
    const server = await start('npm', ['start', '--silent'], 240_000);
    const pid = serverPid(server.output());
    expect(pid).not.toBe(server.child.pid);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // NODE_ENV=production without the production start's memory settings: one warning names them (decision 0280).
    expect(server.output()).toMatch(
      /"level":"warn".*without the production start's memory settings \(LD_PRELOAD=libjemalloc\.so\.2 .*--max-semi-space-size=2/,
    );
    const stoppedAt = performance.now();
    server.child.kill('SIGTERM');
    await server.exited;
    const deadline = stoppedAt + 10_000;
    while (isRunning(pid) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(pid)).toBe(false);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
