/*
 * `npm run bench:ops` (issue 35's figures, docs/benchmarks.md), after `npm run build`:
 * 1. idle RSS of the production start as README runs it (with the memory settings of decision 0280) on the
 *    embedded database, beside the same build started plainly and optionally an older build (bench/idle-memory.ts):
 *    5 s after start and 30 s after a visit (goal ≤ 200 MB); and what those settings cost in speed;
 * 2. the time from SIGTERM to exit with an upload in flight, and what the upload got;
 * 3. the time from Redis stopping to /api/health/ready answering 503, and to an upload's 503, on a private
 *    redis-server on a free port that this benchmark starts and stops (never the machine's Redis);
 * 4. what request metrics cost: requests/s and CPU per request of two app processes, one counting requests
 *    and one not (bench/ops-metrics-server.ts), then the same two apps in this process through inject, in
 *    alternating rounds in this one run, as ratios; and the recording alone.
 * Options: --reps N (default 3; the memory part takes at least 5), --only rss,speed,sigterm,redis,metrics,
 * --before <an older build's main.js> (memory part), --swap (start the metrics-off server first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { freePort } from '../server/test/ports.js';
import { freshPostgres } from './postgres.js';
import { measureIdleMemory, measureStartSpeed, startKinds } from './idle-memory.js';
import { processesCpu } from './process-tree.js';
import type { ServerProcess } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const reps = Number(argument('reps') ?? 3);
const only = new Set((argument('only') ?? 'rss,speed,sigterm,redis,metrics').split(','));
const postgresAdmin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync(path.join(root, 'server/dist/main.js'))) throw new Error('run `npm run build` first');

/** The built server as README's production start runs it, with only PATH and HOME from this environment. */
const production = startKinds().documented!;

/** A photo-sized JPEG (3000×2000 noise): a second or more of work to WebP at full size. */
const photo = await sharp({
  create: { width: 3000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
})
  .jpeg({ quality: 80 })
  .toBuffer();

/** A guest's upload as the web app sends it: timed, with its status and Retry-After. */
async function upload(origin: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('format', 'webp');
  const began = performance.now();
  const response = await fetch(`${origin}/api/images/process`, { method: 'POST', body: form, headers: { origin } }).catch(
    (error: Error) => ({ status: 0, headers: new Headers(), text: async () => error.message }),
  );
  const body = await response.text();
  const doneAt = performance.now();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ms: doneAt - began, doneAt, body };
}

async function measureSigterm() {
  const rows: string[] = [];
  for (let rep = 1; rep <= reps; rep++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-ops-stop-'));
    const server = await production({ DATA_DIR: dataDir });
    const exited = new Promise<number>((resolve) => server.child.once('exit', () => resolve(performance.now())));
    const answer = upload(server.origin);
    // Stopped once the upload has arrived and its job runs.
    await sleep(400);
    const stoppedAt = performance.now();
    server.child.kill('SIGTERM');
    const [got, exitAt] = await Promise.all([answer, exited]);
    await rm(dataDir, { recursive: true, force: true });
    rows.push(
      `| ${rep} | ${((exitAt - stoppedAt) / 1000).toFixed(2)} s | ${got.status}${got.retryAfter ? `, Retry-After ${got.retryAfter}` : ''} |`,
    );
    console.log(rows.at(-1));
  }
  return ['| Run | SIGTERM → exit | The upload in flight got |', '| --- | --- | --- |', ...rows];
}

/** redis-server on a free port of its own, never the machine's 6379. */
async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
    child.stdout!.resume();
  };
  const stop = async (signal: NodeJS.Signals) => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

/** Polls /api/health/ready every 20 ms until `wanted`; when it answered so (performance.now()), NaN past the limit. */
async function readyBecomes(origin: string, wanted: number, limitMs = 30_000): Promise<number> {
  const began = performance.now();
  while (performance.now() - began < limitMs) {
    const status = await fetch(`${origin}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === wanted) return performance.now();
    await sleep(20);
  }
  return Number.NaN;
}

async function measureRedis() {
  const rows: string[] = [];
  const redis = await privateRedis();
  const database = await freshPostgres(postgresAdmin, 'lightpix_ops');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-ops-redis-'));
  let server: ServerProcess | null = null;
  try {
    server = await production({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: 'o'.repeat(48),
      QUOTA_GUEST: '100000',
    });
    for (let rep = 1; rep <= reps; rep++) {
      const signal: NodeJS.Signals = rep % 2 === 1 ? 'SIGTERM' : 'SIGKILL';
      if (Number.isNaN(await readyBecomes(server.origin, 200))) throw new Error('not ready');
      const stoppedAt = performance.now();
      await redis.stop(signal);
      // An upload sent the moment Redis is gone, and the readiness check, side by side.
      const [atOnce, readyAt] = await Promise.all([upload(server.origin), readyBecomes(server.origin, 503)]);
      const later = await upload(server.origin);
      const downFor = performance.now() - stoppedAt;
      const restartedAt = performance.now();
      await redis.start();
      const backAt = await readyBecomes(server.origin, 200);
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      rows.push(
        `| ${rep} (${signal}) | ${s(readyAt - stoppedAt)} | ${atOnce.status} at ${s(atOnce.doneAt - stoppedAt)} (Retry-After ${atOnce.retryAfter ?? '—'}) | ${later.status} in ${s(later.ms)} | ${s(backAt - restartedAt)} after ${(downFor / 1000).toFixed(1)} s down |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await server?.stop();
    await redis.stop('SIGTERM').catch(() => undefined);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return [
    '| Run (how Redis stopped) | Stop → ready 503 | Upload sent at the stop | Upload once ready said 503 | Redis back → ready 200 |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ];
}

/** bench/ops-metrics-server.ts with metrics on or off, on a free port. */
async function metricsServer(mode: 'on' | 'off') {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/ops-metrics-server.ts'), mode], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited with ${code}`)));
  });
  child.stdout!.resume();
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => void child.kill('SIGTERM') };
}

/** The app as bench/ops-metrics-server.ts builds it, in this process, for inject. */
async function injectableApp(requestMetrics: boolean) {
  const [{ buildApp }, { openDatabase }, { parseEnv }, { fileResultStore }] = await Promise.all([
    import('../server/src/app.js'),
    import('../server/src/db/client.js'),
    import('../server/src/runtime/env.js'),
    import('../server/src/storage/result-store.js'),
  ]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-ops-inject-'));
  const env = parseEnv({ PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir, migrate: 'apply' });
  const app = await buildApp({ env, database, store: fileResultStore(path.join(dataDir, 'results')), requestMetrics, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureMetrics() {
  // --swap starts the server without metrics first, to see whether the order of start matters.
  const servers = process.argv.includes('--swap')
    ? await metricsServer('off').then(async (off) => ({ off, on: await metricsServer('on') }))
    : { on: await metricsServer('on'), off: await metricsServer('off') };
  const rows: string[] = [];
  try {
    // Outside /api, whose per-client limit would answer most of a run with 429: a static file and a rendered page.
    for (const route of ['/favicon.svg', '/']) {
      const rates: Record<'on' | 'off', number[]> = { on: [], off: [] };
      // The server's own CPU per request: what a busy machine's other work changes far less than requests/s.
      const cpu: Record<'on' | 'off', number[]> = { on: [], off: [] };
      let other = 0;
      // Warmed up first (V8's compiler, the page's caches), not counted.
      for (const mode of ['on', 'off'] as const) await autocannon({ url: `${servers[mode].origin}${route}`, connections: 8, duration: 2 });
      for (let round = 0; round < reps * 2; round++) {
        // Alternated, each first in turn, so the machine's other load falls on both alike.
        for (const mode of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          const before = (await processesCpu([servers[mode].pid])).get(servers[mode].pid)!;
          const result = await autocannon({ url: `${servers[mode].origin}${route}`, connections: 8, duration: 4 });
          const after = (await processesCpu([servers[mode].pid])).get(servers[mode].pid)!;
          rates[mode].push(result.requests.average);
          cpu[mode].push(((after - before) * 1e6) / result.requests.total);
          other += result.non2xx + result.errors;
        }
      }
      const list = (values: number[]) => values.map(Math.round).join(', ');
      const least = (values: number[]) => Math.min(...values);
      rows.push(
        `| \`${route}\` | ${Math.round(median(rates.on))} / ${Math.round(median(rates.off))} (${(median(rates.on) / median(rates.off)).toFixed(2)}×) | ${Math.round(median(cpu.on))} µs (${list(cpu.on)}) | ${Math.round(median(cpu.off))} µs (${list(cpu.off)}) | ${(median(cpu.on) / median(cpu.off)).toFixed(3)}× median, ${(least(cpu.on) / least(cpu.off)).toFixed(3)}× least | ${other} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    servers.on.stop();
    servers.off.stop();
  }
  // The same two apps inside this process, through inject (no sockets, one thread): this process's CPU per
  // request, on and off alternated, so the machine's other load falls on both alike.
  const inProcess = { on: await injectableApp(true), off: await injectableApp(false) };
  for (const route of ['/favicon.svg', '/']) {
    const cpu: Record<'on' | 'off', number[]> = { on: [], off: [] };
    for (let round = 0; round < reps * 4 + 2; round++) {
      for (const mode of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        const before = process.cpuUsage();
        for (let i = 0; i < 500; i++) await inProcess[mode].app.inject({ method: 'GET', url: route });
        const used = process.cpuUsage(before);
        // The first two rounds warm up.
        if (round >= 2) cpu[mode].push((used.user + used.system) / 500);
      }
    }
    rows.push(
      `In-process inject of \`${route}\`: ${median(cpu.on).toFixed(0)} µs with metrics, ${median(cpu.off).toFixed(0)} µs without (medians of ${cpu.on.length} rounds of 500): ${(median(cpu.on) / median(cpu.off)).toFixed(3)}×.`,
    );
    console.log(rows.at(-1));
  }
  for (const { close } of Object.values(inProcess)) await close();
  // The recording itself, timed here: what the onResponse hook does per request (jobs/metrics.ts).
  const { metrics } = await import('../server/src/jobs/metrics.js');
  const calls = 200_000;
  const began = performance.now();
  for (let i = 0; i < calls; i++) {
    metrics.requests.observe({ method: 'GET', route: '/api/images/:id/download', status: '200' }, 0.0123);
    metrics.bytesIn.inc(1000);
    metrics.bytesOut.inc(2000);
  }
  rows.push('', `Recording one request's metrics in this process: ${(((performance.now() - began) * 1000) / calls).toFixed(2)} µs.`);
  return [
    '| Route | Requests/s with / without (medians) | Server CPU per request with metrics: median (rounds) | Without | CPU with ÷ without | Non-2xx or errors |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ];
}

const report: string[] = [
  `bench:ops, ${new Date().toISOString()}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
];
if (only.has('rss')) report.push('', ...(await measureIdleMemory(Math.max(5, reps), photo, argument('before'))));
if (only.has('speed')) report.push('', ...(await measureStartSpeed(reps, photo)));
if (only.has('sigterm')) report.push('', ...(await measureSigterm()));
if (only.has('redis')) report.push('', ...(await measureRedis()));
if (only.has('metrics')) report.push('', ...(await measureMetrics()));
report.push(
  '',
  `load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`\n${report.join('\n')}`);
