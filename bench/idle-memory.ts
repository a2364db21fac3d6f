/*
 * bench:ops's memory and speed parts (docs/benchmarks.md, decision 0280): the production start as README runs
 * it (the memory settings of server/src/runtime/memory-settings.ts) beside the same build started plainly,
 * `node server/dist/main.js`, and optionally an older build (`--before <its main.js>`, a copy of an older
 * server/dist beside this one), turn about in one run, as ratios of the plain start's medians.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PRODUCTION_ALLOCATOR, PRODUCTION_NODE_FLAGS } from '../server/src/runtime/memory-settings.js';
import { processesCpu, treeMemory } from './process-tree.js';
import { loadAverage, median } from './report.js';
import { startServer, type ServerProcess } from './server-process.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

type Start = (settings: Record<string, string>) => Promise<ServerProcess>;

/** How each kind of start runs the built server, with only PATH and HOME from this environment. */
export function startKinds(before?: string): Record<string, Start> {
  const base = { NODE_ENV: 'production' };
  return {
    documented: (settings) =>
      startServer('build', { ...base, ...PRODUCTION_ALLOCATOR, ...settings }, { inheritEnv: false, nodeArgs: [...PRODUCTION_NODE_FLAGS] }),
    plain: (settings) => startServer('build', { ...base, ...settings }, { inheritEnv: false }),
    ...(before
      ? {
          [`before (${path.basename(path.dirname(before))})`]: (settings) =>
            startServer('build', { ...base, ...settings }, { inheritEnv: false, script: before }),
        }
      : {}),
  };
}

/** The process's own RSS in MB (VmRSS), 0 once it has ended. */
async function ownRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The highest of ten samples over 2 s: the server process alone and its tree (job processes included). */
async function idleRss(pid: number) {
  let own = 0;
  let tree = { bytes: 0, processes: 0 };
  for (let i = 0; i < 10; i++) {
    own = Math.max(own, await ownRss(pid));
    const now = await treeMemory(pid);
    if (now.bytes > tree.bytes) tree = now;
    await sleep(200);
  }
  return { own, tree: mb(tree.bytes), processes: tree.processes };
}

/** What a visitor does: the health check, the landing page, one upload and its download. Returns the upload's status and ms. */
async function visit(origin: string, photo: Buffer) {
  await fetch(`${origin}/api/health`).then((r) => r.text());
  const page = await fetch(`${origin}/`);
  await page.text();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('format', 'webp');
  const began = performance.now();
  const upload = await fetch(`${origin}/api/images/process`, { method: 'POST', body: form, headers: { origin } });
  const cookie = upload.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const result = (await upload.json()) as { objectPath?: string };
  if (!result.objectPath) throw new Error(`the upload was answered ${upload.status}: ${JSON.stringify(result)}`);
  const download = await fetch(`${origin}${result.objectPath}`, { headers: { cookie } });
  await download.arrayBuffer();
  return { status: `${upload.status}/${download.status}`, ms: performance.now() - began };
}

const spread = (values: number[]) => `${Math.min(...values)} / ${median(values)} / ${Math.max(...values)}`;

/**
 * Idle RSS on a fresh DATA_DIR (the build's template copied): 5 s after /api/health first answers, then 30 s
 * after a visit (health, landing page, a 3000×2000 upload to WebP and its download), when the job process
 * that did the upload is still there (it ends after a minute, decision 0096): the server alone and the tree.
 */
export async function measureIdleMemory(reps: number, photo: Buffer, before?: string): Promise<string[]> {
  const kinds = startKinds(before);
  const names = Object.keys(kinds);
  const figures = Object.fromEntries(names.map((name) => [name, { start: [] as number[], after: [] as number[], tree: [] as number[] }]));
  const rows: string[] = [];
  for (let rep = 1; rep <= reps; rep++) {
    // Turn about: each kind starts first in turn, so the machine's other load falls on all alike.
    for (const name of [...names.slice((rep - 1) % names.length), ...names.slice(0, (rep - 1) % names.length)]) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-ops-rss-'));
      const server = await kinds[name]!({ DATA_DIR: dataDir });
      await sleep(5000);
      const started = await idleRss(server.pid);
      const visited = await visit(server.origin, photo);
      await sleep(30_000);
      const after = await idleRss(server.pid);
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      figures[name]!.start.push(started.own);
      figures[name]!.after.push(after.own);
      figures[name]!.tree.push(after.tree);
      rows.push(
        `| ${rep} | ${name} | ${started.own} MB | ${after.own} MB | ${after.tree} MB (${after.processes}) | ${visited.status} in ${Math.round(visited.ms)} ms | ${loadAverage()} |`,
      );
      console.log(rows.at(-1));
    }
  }
  const plain = figures.plain!;
  const summary = names.map((name) => {
    const { start, after, tree } = figures[name]!;
    return `| ${name} | ${spread(start)} MB | ${spread(after)} MB | ${spread(tree)} MB | ${(median(start) / median(plain.start)).toFixed(2)}× / ${(median(after) / median(plain.after)).toFixed(2)}× |`;
  });
  return [
    '| Run | Start | Idle 5 s after start (server) | 30 s after a visit (server) | …its tree (processes) | Upload / download | Load average |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `| Start | Idle after start: min / median / max | 30 s after a visit | …its tree | Medians ÷ plain (start / after a visit) |`,
    '| --- | --- | --- | --- | --- |',
    ...summary,
  ];
}

/**
 * What the settings cost in speed: the documented and the plain start side by side, warmed, then in turns
 * uploads (time to the answer) and 4 s of GET / at 8 connections (requests/s, the server's CPU per request).
 */
export async function measureStartSpeed(reps: number, photo: Buffer): Promise<string[]> {
  const kinds = startKinds();
  const servers: Record<string, { server: ServerProcess; dataDir: string }> = {};
  for (const name of ['documented', 'plain']) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-ops-speed-'));
    servers[name] = { server: await kinds[name]!({ DATA_DIR: dataDir, QUOTA_GUEST: '100000' }), dataDir };
  }
  const uploads: Record<string, number[]> = { documented: [], plain: [] };
  const rates: Record<string, number[]> = { documented: [], plain: [] };
  const cpu: Record<string, number[]> = { documented: [], plain: [] };
  try {
    const turns = (round: number) => (round % 2 === 0 ? ['documented', 'plain'] : ['plain', 'documented']);
    for (const name of ['documented', 'plain']) await visit(servers[name]!.server.origin, photo);
    for (let round = 0; round < reps * 2; round++)
      for (const name of turns(round)) uploads[name]!.push((await visit(servers[name]!.server.origin, photo)).ms);
    // After the uploads: a burst of GETs from one address would leave the API's per-client limit spent (app.ts).
    for (const name of ['documented', 'plain']) await autocannon({ url: `${servers[name]!.server.origin}/`, connections: 8, duration: 2 });
    for (let round = 0; round < reps * 2; round++) {
      for (const name of turns(round)) {
        const { server } = servers[name]!;
        const before = (await processesCpu([server.pid])).get(server.pid)!;
        const result = await autocannon({ url: `${server.origin}/`, connections: 8, duration: 4 });
        const after = (await processesCpu([server.pid])).get(server.pid)!;
        rates[name]!.push(result.requests.average);
        cpu[name]!.push(((after - before) * 1e6) / result.requests.total);
      }
    }
  } finally {
    for (const { server, dataDir } of Object.values(servers)) {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const ratio = (values: Record<string, number[]>) => (median(values.documented!) / median(values.plain!)).toFixed(2);
  const list = (values: number[]) => values.map(Math.round).join(', ');
  return [
    `Speed, documented start ÷ plain start (medians of ${reps * 2} rounds each, turn about; load average ${loadAverage()} at the end):`,
    `upload of the 3000×2000 JPEG to WebP and its download ${ratio(uploads)}× (${list(uploads.documented!)} ms / ${list(uploads.plain!)} ms);`,
    `GET / requests/s ${ratio(rates)}× (${list(rates.documented!)} / ${list(rates.plain!)}); server CPU per request ${ratio(cpu)}× (${list(cpu.documented!)} µs / ${list(cpu.plain!)} µs).`,
  ];
}
