// `npm run bench:memory`: RSS of the whole server process tree (the server and its image-job child
// processes), the built server started as `npm start` starts it, in its own process on 127.0.0.1:
//   1. idle after a first start on an empty DATA_DIR (embedded PGlite)      target < 400 MB
//   2. idle after a restart on the same DATA_DIR                             target < 400 MB
//   3. peak while 8 photos of ~10 MB are uploaded at once (same instance)    target < 1 GiB
//      and idle again once its job processes have ended a minute later      target < 400 MB
//   4. idle of a web instance on PostgreSQL (a database it creates and drops; ROLE=web when Redis
//      answers at 127.0.0.1:6379)                                          target < 250 MB
// Linux only: RSS is read from /proc. Options: --idle-seconds N (settle time before sampling, default 5).
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@lightpix/shared';
import { JOB_PROCESS_IDLE_EXIT_MS } from '../server/src/jobs/process-pool.js';
import { freshPostgres } from './postgres.js';
import { treeMemory } from './process-tree.js';
import { startServer, type ServerProcess } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
const TARGETS = { firstStart: 400, restart: 400, uploads: 1024, postgres: 250 };
const UPLOADS = 8;
/** A 24 MP camera's photos. */
const MAX_MEGAPIXELS = 24;
const CORPUS_PHOTOS = '/work/shared/corpus/photos';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const argIndex = process.argv.indexOf('--idle-seconds');
const IDLE_SECONDS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 5;

/** Whether something answers PING at the Redis address. */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 2000 });
    const end = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => end(data.toString().startsWith('+PONG')));
    socket.once('error', () => end(false));
    socket.once('timeout', () => end(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Idle: after the settle time, the highest tree RSS over two seconds of samples. */
async function idleRss(pid: number): Promise<{ bytes: number; processes: number }> {
  await sleep(IDLE_SECONDS * 1000);
  let highest = { bytes: 0, processes: 0 };
  for (let i = 0; i < 10; i++) {
    const now = await treeMemory(pid);
    if (now.bytes > highest.bytes) highest = now;
    await sleep(200);
  }
  return highest;
}

type Server = ServerProcess & { startupMs: number };

/** `npm start` without npm: scripts/start.mjs runs server/dist/main.js in its own process (built above). */
async function startTimed(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  const started = performance.now();
  const server = await startServer('npm start', {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    // Eight uploads from one address: the guest allowance is not what is measured.
    QUOTA_GUEST: '1000',
    ...extraEnv,
  });
  return { ...server, startupMs: performance.now() - started };
}

/**
 * Real photos of 9–10 MB (the upload limit is 10 MiB), as a 24 MP camera saves them: the corpus' JPEGs
 * scaled to at most 24 MP and saved at quality 100, 4:4:4, the pixels trimmed until the file fits.
 * Photos too smooth to reach 8 MB at 24 MP are passed over.
 */
async function tenMegabytePhotos(): Promise<{ name: string; data: Buffer; megapixels: number }[]> {
  const sources = readdirSync(CORPUS_PHOTOS)
    .filter((name) => /\.jpe?g$/i.test(name))
    .map((name) => path.join(CORPUS_PHOTOS, name))
    .sort((a, b) => readFileSync(b).length - readFileSync(a).length);
  const goal = MAX_IMAGE_BYTES * 0.93;
  const photos = [];
  for (const source of sources) {
    if (photos.length === UPLOADS) break;
    const { width = 0, height = 0 } = await sharp(source).metadata();
    let megapixels = MAX_MEGAPIXELS;
    let data = Buffer.alloc(0);
    // Bytes grow with pixels: a few corrections land within a few per cent of the goal.
    for (let step = 0; step < 5; step++) {
      data = await sharp(source)
        .resize({ width: Math.round(width * Math.sqrt((megapixels * 1e6) / (width * height))) })
        .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
        .toBuffer();
      if (data.length <= MAX_IMAGE_BYTES && (data.length > goal * 0.95 || megapixels === MAX_MEGAPIXELS)) break;
      megapixels = Math.min(MAX_MEGAPIXELS, megapixels * (goal / data.length));
    }
    if (data.length > MAX_IMAGE_BYTES || data.length < 8 * MB) continue;
    photos.push({ name: `${path.basename(source, path.extname(source))}.jpg`, data, megapixels });
  }
  if (photos.length < UPLOADS) throw new Error(`only ${photos.length} photos in ${CORPUS_PHOTOS} reach 8 MB at 24 MP`);
  return photos;
}

async function upload(origin: string, photo: { name: string; data: Buffer }): Promise<number> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo.data)], { type: 'image/jpeg' }), photo.name);
  form.append('quality', '75');
  form.append('format', '');
  form.append('width', '');
  form.append('height', '');
  form.append('maintainRatio', 'true');
  const response = await fetch(`${origin}/api/images/process`, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
}

/** Peak tree RSS, sampled every 20 ms, while the uploads run. */
async function peakDuringUploads(server: Server, photos: { name: string; data: Buffer }[]) {
  let peak = await treeMemory(server.pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await treeMemory(server.pid);
      if (now.bytes > peak.bytes) peak = now;
      await sleep(20);
    }
  })();
  const started = performance.now();
  try {
    const statuses = await Promise.all(photos.map((photo) => upload(server.origin, photo)));
    return { peak, statuses, seconds: (performance.now() - started) / 1000 };
  } finally {
    sampling = false;
    await sampler;
  }
}

const rows: string[] = [];
const line = (what: string, bytes: number | null, target: number, note: string) => {
  const mb = bytes === null ? null : bytes / MB;
  const verdict = mb === null ? 'skipped' : mb < target ? 'met' : 'NOT met';
  rows.push(`| ${what} | ${mb === null ? '—' : `${mb.toFixed(0)} MB`} | < ${target} MB | ${verdict} | ${note} |`);
};

// Built first, so the start times below are starts, not builds.
execSync('npm run build', { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-bench-memory-'));
try {
  process.stderr.write('making 10 MB photos from the corpus…\n');
  const photos = await tenMegabytePhotos();
  const sizes = photos.map((p) => (p.data.length / MB).toFixed(1)).join(', ');
  const megapixels = photos.map((p) => p.megapixels.toFixed(0)).join(', ');

  process.stderr.write('first start on an empty DATA_DIR…\n');
  const first = await startTimed(dataDir);
  const firstIdle = await idleRss(first.pid);
  await first.stop();
  line(
    'Idle, first start (PGlite)',
    firstIdle.bytes,
    TARGETS.firstStart,
    `${firstIdle.processes} process(es); ready in ${(first.startupMs / 1000).toFixed(1)} s`,
  );

  process.stderr.write('restart on the same DATA_DIR…\n');
  const again = await startTimed(dataDir);
  const againIdle = await idleRss(again.pid);
  line(
    'Idle, restart (PGlite)',
    againIdle.bytes,
    TARGETS.restart,
    `${againIdle.processes} process(es); ready in ${(again.startupMs / 1000).toFixed(1)} s`,
  );

  process.stderr.write(`${UPLOADS} uploads at once…\n`);
  const uploads = await peakDuringUploads(again, photos);
  const created = uploads.statuses.filter((status) => status === 201).length;
  const afterUploads = await treeMemory(again.pid);
  // Job processes end after a minute without work (docs/decisions/0096); what stays is the server's.
  await sleep(JOB_PROCESS_IDLE_EXIT_MS + 5000);
  const idleAfterUploads = await idleRss(again.pid);
  await again.stop();
  line(
    `Peak, ${UPLOADS} parallel uploads of ${sizes} MB`,
    uploads.peak.bytes,
    TARGETS.uploads,
    `${megapixels} MP; ${created}/${UPLOADS} got 201 (statuses ${uploads.statuses.join(' ')}) in ${uploads.seconds.toFixed(1)} s; ` +
      `${uploads.peak.processes} processes at the peak, ${(afterUploads.bytes / MB).toFixed(0)} MB just after`,
  );

  line(
    'Idle, a minute after the uploads (PGlite)',
    idleAfterUploads.bytes,
    TARGETS.restart,
    `${idleAfterUploads.processes} process(es) left (job processes end after a minute without work)`,
  );

  process.stderr.write('an instance on PostgreSQL…\n');
  const database = await freshPostgres(POSTGRES_URL, 'lightpix_bench_memory').catch((error: Error) => error.message);
  if (typeof database !== 'string') {
    try {
      // A web instance of a cluster: ROLE=web with Redis for jobs and limits; without Redis, the one-machine role on PostgreSQL.
      const withRedis = await redisAnswers(REDIS_URL);
      const settings: Record<string, string> = withRedis
        ? { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: database.name, ROLE: 'web', SESSION_SECRET: 'm'.repeat(32) }
        : { DATABASE_URL: database.url };
      const onPostgres = await startTimed(path.join(dataDir, 'postgres'), settings);
      const postgresIdle = await idleRss(onPostgres.pid);
      await onPostgres.stop();
      const role = withRedis ? 'ROLE=web with Redis' : `ROLE=all: no Redis answers at ${REDIS_URL}`;
      line(
        'Idle, web instance on PostgreSQL',
        postgresIdle.bytes,
        TARGETS.postgres,
        `${role}; ${postgresIdle.processes} process(es); ready in ${(onPostgres.startupMs / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.drop();
    }
  } else {
    line(
      'Idle, web instance on PostgreSQL',
      null,
      TARGETS.postgres,
      `skipped: ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')} unreachable (${database})`,
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`RSS of the server's whole process tree (server + image-job processes), idle = highest over 2 s after ${IDLE_SECONDS} s\n`);
console.log('| Measure | RSS | Target | | Notes |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
