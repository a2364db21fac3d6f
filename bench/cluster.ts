// `npm run bench:cluster`: the BullMQ job path on 127.0.0.1 (PostgreSQL and Redis running here).
// 1. Throughput of 100 mixed images (bench/images, quality 75, a third converted to WebP) through one
//    web instance (ROLE=web) with one worker process vs two; on 2 cores little gain is expected.
// 2. Latency of one small image through the queue (ROLE=web + a worker) vs an instance that runs the
//    job itself (no REDIS_URL), requests alternating between the two. Target: ≤ 1.10×.
// Every figure is a ratio of runs in this one process, over the same database, against the same files.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { freshPostgres } from './postgres.js';
import { startServer, type ServerProcess } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const IMAGES = 100;
/** In flight at once: the web queue's bound on 2 cores is 8 waiting jobs. */
const PARALLEL = 6;
const LATENCY_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
const TARGET_LATENCY_RATIO = 1.1;

let client = 0;
/** One upload from its own address (TRUST_PROXY=1), so no per-client limit is reached. */
async function upload(instance: ServerProcess, file: { name: string; data: Buffer; format: string }): Promise<number> {
  const form = new FormData();
  form.append('image', new Blob([file.data]), file.name);
  for (const [name, value] of Object.entries({ width: '', height: '', quality: '75', format: file.format, maintainRatio: 'true' }))
    form.append(name, value);
  client++;
  const started = performance.now();
  const response = await fetch(`${instance.origin}/api/images/process`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` },
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`${file.name}: ${response.status}`);
  return performance.now() - started;
}

async function throughput(web: ServerProcess, files: { name: string; data: Buffer; format: string }[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < files.length) await upload(web, files[next++]!);
    }),
  );
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const database = await freshPostgres(POSTGRES_URL, 'lightpix_bench');
  const databaseUrl = database.url;
  const prefix = `lightpix-bench-${randomBytes(4).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-bench-cluster-'));
  // No bucket: web and workers share one DATA_DIR on this machine.
  // Info, as the instances log in production.
  const common = {
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'b'.repeat(64),
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    QUOTA_GUEST: '100000',
  };
  const queued = { ...common, REDIS_URL: REDIS_URL, REDIS_PREFIX: prefix };
  const started: ServerProcess[] = [];
  const launch = async (entry: 'sources' | 'worker sources', settings: Record<string, string>) => {
    const instance = await startServer(entry, settings);
    started.push(instance);
    return instance;
  };

  try {
    const folders = ['photos', 'graphics'].map((folder) => path.join(root, 'bench/images', folder));
    const sources = (await Promise.all(folders.map(async (folder) => (await readdir(folder)).map((file) => path.join(folder, file)))))
      .flat()
      .sort();
    const loaded = await Promise.all(sources.map(async (file) => ({ name: path.basename(file), data: await readFile(file) })));
    const files = Array.from({ length: IMAGES }, (_, i) => ({ ...loaded[i % loaded.length]!, format: i % 3 === 2 ? 'webp' : '' }));
    const small = { name: 'small.jpg', data: await readFile(path.join(root, 'server/test/fixtures/photo.jpg')), format: '' };
    console.log(
      `${IMAGES} uploads of ${loaded.length} images (${files.reduce((sum, f) => sum + f.data.length, 0) >> 20} MB), ${PARALLEL} at a time; ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
    );

    const web = await launch('sources', { ...queued, ROLE: 'web' });
    await launch('worker sources', queued);
    await throughput(web, files.slice(0, 6));
    const oneWorkerFirstMs = await throughput(web, files);
    const workerTwo = await launch('worker sources', queued);
    await throughput(web, files.slice(0, 6));
    const twoWorkersMs = await throughput(web, files);
    await workerTwo.stop();
    // One worker again: the machine's load drifts, so the one-worker figure is the mean of a run before and after.
    const oneWorkerAgainMs = await throughput(web, files);
    const oneWorkerMs = (oneWorkerFirstMs + oneWorkerAgainMs) / 2;
    console.log(
      `throughput, one worker:  ${oneWorkerMs.toFixed(0)} ms (${((IMAGES / oneWorkerMs) * 1000).toFixed(1)} images/s; runs of ${oneWorkerFirstMs.toFixed(0)} and ${oneWorkerAgainMs.toFixed(0)} ms)`,
    );
    console.log(`throughput, two workers: ${twoWorkersMs.toFixed(0)} ms (${((IMAGES / twoWorkersMs) * 1000).toFixed(1)} images/s)`);
    console.log(`two workers vs one: ${(oneWorkerMs / twoWorkersMs).toFixed(2)}x the throughput`);

    const local = await launch('sources', common);
    for (let i = 0; i < 3; i++) await Promise.all([upload(local, small), upload(web, small)]).catch(() => undefined);
    const inProcess: number[] = [];
    const throughQueue: number[] = [];
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      // Alternating order, so neither path always runs on a machine just woken by the other.
      if (round % 2 === 0) {
        inProcess.push(await upload(local, small));
        throughQueue.push(await upload(web, small));
      } else {
        throughQueue.push(await upload(web, small));
        inProcess.push(await upload(local, small));
      }
    }
    const ratio = median(throughQueue) / median(inProcess);
    console.log(
      `one small image (${small.data.length >> 10} KB), median of ${LATENCY_ROUNDS}: in process ${median(inProcess).toFixed(1)} ms, through the queue ${median(throughQueue).toFixed(1)} ms`,
    );
    console.log(
      `queue vs in process: ${ratio.toFixed(2)}x (target ≤ ${TARGET_LATENCY_RATIO.toFixed(2)}x: ${ratio <= TARGET_LATENCY_RATIO ? 'met' : 'NOT met'})`,
    );
  } finally {
    await Promise.all(started.map((instance) => instance.stop()));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
