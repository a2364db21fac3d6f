// `npm run bench:zip`: the server's memory while it streams "Download all" for a batch of 100
// results of about 1 MB each to a slow reader. Target: RSS grows by less than 100 MB (the ZIP is
// ~100 MB). Baseline in the same process: reading the same results into memory first, as a ZIP
// built in memory would have to, at the least. Run with `node --expose-gc --import tsx` for steadier figures.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.js';
import { openPglite } from '../server/src/db/client.js';
import { users } from '../server/src/db/schema/index.js';
import { results } from '../server/src/db/schema/results.js';
import { parseEnv } from '../server/src/runtime/env.js';
import { fileResultStore } from '../server/src/storage/result-store.js';

const COUNT = 100;
const MB = 1024 * 1024;
const TARGET_MB = 100;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rss = () => process.memoryUsage().rss;

async function settle() {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Samples RSS every 10 ms while `work` runs; returns the peak growth over the RSS before it. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  await settle();
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rss());
  return peak - before;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-bench-zip-'));
try {
  const env = parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: 'b'.repeat(32), LOG_LEVEL: 'silent' });
  const database = await openPglite(new PGlite());
  const store = fileResultStore(path.join(dataDir, 'results'));
  const app = await buildApp({ env, database, store });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  // A premium person with a finished batch: 100 stored results of 0.9–1.1 MB of incompressible bytes, like JPEG data.
  const signUp = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .find((line) => line.startsWith('lightpix_session='))!
    .split(';')[0]!;
  const { id: userId } = (await signUp.json()) as { id: string };
  await database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, userId));
  const batchId = randomUUID();
  const now = Date.now();
  let totalBytes = 0;
  const keys: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const id = randomUUID();
    const data = randomBytes(Math.round((0.9 + 0.2 * Math.random()) * MB));
    totalBytes += data.length;
    keys.push(`${id}.jpg`);
    await store.put(`${id}.jpg`, data);
    await database.db.insert(results).values({
      id,
      guestSessionId: randomUUID(),
      userId,
      clientIp: '127.0.0.1',
      originalName: `IMG_${String(i).padStart(4, '0')}.jpg`,
      originalSize: data.length + 1000,
      processedSize: data.length,
      status: 'completed',
      format: 'jpeg',
      width: 4000,
      height: 3000,
      quality: 75,
      storageKey: `${id}.jpg`,
      createdAt: new Date(now + i),
      expiresAt: new Date(now + 24 * 3600 * 1000),
      batchId,
    });
  }

  // The download, read slowly (a pause after every chunk) so back-pressure, not speed, decides the memory.
  let received = 0;
  const streamed = await peakGrowth(
    () =>
      new Promise<void>((resolve, reject) => {
        http
          .get(`${origin}/api/batches/${batchId}/zip`, { headers: { cookie } }, (response) => {
            if (response.statusCode !== 200) reject(new Error(`ZIP answered ${response.statusCode}`));
            response.on('data', (chunk: Buffer) => {
              received += chunk.length;
              response.pause();
              setTimeout(() => response.resume(), 2);
            });
            response.on('end', resolve);
            response.on('error', reject);
          })
          .on('error', reject);
      }),
  );

  // Baseline: the same results held in memory at once.
  let held: Buffer[] = [];
  const buffered = await peakGrowth(async () => {
    for (const key of keys) {
      const chunks: Buffer[] = [];
      for await (const chunk of await store.get(key)) chunks.push(chunk as Buffer);
      held.push(Buffer.concat(chunks));
    }
  });
  held = [];

  await app.close();
  await database.close();

  const mb = (bytes: number) => (bytes / MB).toFixed(1);
  console.log(`batch ZIP: ${COUNT} results, ${mb(totalBytes)} MB stored, ${mb(received)} MB ZIP received by a slow reader`);
  console.log(`server RSS growth while streaming: ${mb(streamed)} MB (target < ${TARGET_MB} MB)`);
  console.log(`baseline, the same results held in memory: ${mb(buffered)} MB`);
  console.log(`streaming / baseline: ${(streamed / buffered).toFixed(2)}×`);
  const pass = streamed < TARGET_MB * MB && received > totalBytes;
  console.log(pass ? 'PASS' : 'FAIL');
  if (!pass) process.exitCode = 1;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
