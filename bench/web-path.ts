/**
 * Where a fixed-quality upload's time goes (issue 30, deliverable 6: the web path ≤ 1.15× sharp alone).
 * Each part of the path runs on the same photo, turn about with sharp alone in this process, and is
 * printed as a ratio of sharp alone's time in the same round (the median over rounds):
 *
 * - sharp alone: `sharp(file).rotate()` and the server's own encode at quality 75 (the baseline);
 * - the engine: `optimiseImage` at quality 75 in this process (decode, encode, the look measured);
 * - the look alone: the page-size similarity measurement a fixed quality carries (decision 0131), from
 *   the upload's pixels decoded once as the engine holds them for the encode (decision 0159);
 * - the bytes across a process boundary: the upload sent to a child and the result sent back, as the
 *   job process pool's IPC does (advanced serialization), with no work in between;
 * - a job process, warm: the engine in the pool's job process (jobs/process-pool.ts), started already;
 * - a job process, cold: the same with a new pool, so its start is counted;
 * - the web path: the real server in its own process, POST /api/images/process then GET the result.
 *
 *   npm run bench:web-path -- [photo ...] [--rounds 5] [--entry sources] [--tree <another checkout>]
 *
 * The server runs as `npm start` runs it (built, its job processes plain JavaScript); `--entry sources`
 * runs it from the TypeScript sources through tsx, whose start-up makes the cold rows slower. `--tree`
 * runs another checkout's server (built, its dependencies installed): the web path's rows are that
 * server's, the engine's rows this checkout's.
 *
 * Default photo: the corpus' 12 MP sunset. Markdown to stdout, progress to stderr; 127.0.0.1 only.
 */
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { encode } from '../server/src/images/encode.js';
import { outputForOriginal } from '../server/src/images/formats.js';
import { inspectImage } from '../server/src/images/inspect.js';
import { plannedSize } from '../server/src/images/limits.js';
import { fromPixels, rawPixels } from '../server/src/images/loaders.js';
import { pageSizeLook } from '../server/src/images/look.js';
import { optimiseImage, type OptimiseOptions } from '../server/src/images/optimise.js';
import { childProcessPool } from '../server/src/jobs/process-pool.js';
import type { AppJobs } from '../server/src/jobs/handlers.js';
import { startOurApi } from './our-api.js';
import { treeCpu } from './process-tree.js';
import { loadAverage as load, median, table } from './report.js';

const DEFAULT_PHOTOS = ['/work/shared/corpus/photos/sunset_by_Aitzol_Berasategi.jpg'];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '5' }, entry: { type: 'string', default: 'npm start' }, tree: { type: 'string' } },
});
const rounds = Number(options.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number of at least 1');
const photos = positionals.length ? positionals.map((file) => path.resolve(file)) : DEFAULT_PHOTOS;

const log = (line: string) => process.stderr.write(`${line}\n`);

/** A child that sends back what it is sent, as a job process would its result: the IPC's own cost. */
const ECHO_CHILD = `process.on('message', (m) => process.send({ id: m.id, value: m.reply }));\nprocess.send({ ready: true });\n`;

/** CPU seconds of this process and every process under it (the server, job processes, the echo child). */
async function cpuSeconds(): Promise<number> {
  const { root, descendants } = await treeCpu(process.pid);
  return root + descendants;
}

/** CPU seconds of the server's process tree (the server and its job process). */
async function serverCpuSeconds(pid: number): Promise<number> {
  const { root, descendants } = await treeCpu(pid);
  return root + descendants;
}

/**
 * Wall and CPU milliseconds; CPU time holds up better than wall time on a machine shared with other work.
 * `serverCpuMs` counts only the server's processes: the benchmark's own client work (the form, fetch) is
 * not the web path's cost, as a browser does it elsewhere.
 */
async function timed(work: () => Promise<unknown>, serverPid: number): Promise<{ ms: number; cpuMs: number; serverCpuMs: number }> {
  const [cpu, server] = [await cpuSeconds(), await serverCpuSeconds(serverPid)];
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  const [cpuAfter, serverAfter] = [await cpuSeconds(), await serverCpuSeconds(serverPid)];
  return { ms, cpuMs: (cpuAfter - cpu) * 1000, serverCpuMs: (serverAfter - server) * 1000 };
}

type Part = 'engine' | 'look' | 'ipc' | 'warm' | 'cold' | 'http' | 'quiet';
const PARTS: Record<Part, string> = {
  engine: 'engine in this process (decode, encode, look)',
  look: 'the look measurement alone (view of the decoded pixels, result decoded, SSIM)',
  ipc: 'the bytes to a child process and back',
  warm: 'engine in a warm job process',
  cold: 'engine in a job process started for it',
  http: 'web path: upload, job, download (HTTP), job process warm',
  quiet: 'web path after a quiet minute (its job process had ended)',
};

/**
 * The server's job processes: its descendants that run job-child. Under `npm start` the server is itself
 * a child of scripts/start.mjs, so the children of the process the benchmark started are not the job
 * processes: ending them ended the server (ECONNREFUSED at the next upload).
 */
function jobProcesses(rootPid: number): number[] {
  const children = (pid: number): number[] => {
    try {
      return execFileSync('pgrep', ['-P', String(pid)])
        .toString()
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const found: number[] = [];
  for (let pending = children(rootPid); pending.length > 0;) {
    const pid = pending.pop()!;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
    } catch {
      continue;
    }
    if (command.includes('job-child')) found.push(pid);
    else pending.push(...children(pid));
  }
  return found;
}

/** Ends the server's job processes, as a quiet minute does (decision 0096), and waits until they are gone. */
async function endJobProcesses(serverPid: number) {
  for (const pid of jobProcesses(serverPid)) process.kill(pid);
  while (jobProcesses(serverPid).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-web-path-'));
  const echoScript = path.join(workDir, 'echo.cjs');
  await writeFile(echoScript, ECHO_CHILD);
  // As people run it: `npm start`, which builds first when the build is older than the sources.
  const api = await startOurApi(path.join(workDir, 'data'), options.entry === 'sources' ? 'sources' : 'npm start', options.tree);
  // Rounds on a busy machine take longer than the minute after which an idle job process ends.
  const pool = childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 4, idleExitMs: 3_600_000 });
  const echo = fork(echoScript, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve) => echo.once('message', resolve));
  let nextEcho = 1;
  const roundTrip = (data: Buffer, reply: Buffer) =>
    new Promise<void>((resolve) => {
      const id = nextEcho++;
      const onMessage = (message: { id: number; value: Buffer }) => {
        if (message.id !== id) return;
        echo.off('message', onMessage);
        resolve();
      };
      echo.on('message', onMessage);
      echo.send({ id, reply, input: { data } });
    });

  const loadBefore = load();
  const started = new Date();
  const out: string[] = [
    "### The web path's cost: each part vs sharp alone in the same round",
    '',
    `- ${started.toISOString()}, ${os.cpus().length} cores, Node ${process.version}, sharp ${sharp.versions.sharp}; ${rounds} rounds, each part timed once per round between two runs of sharp alone (their mean is the round's baseline); medians of the per-round ratios; CPU time of this process and every process under it (the server and job processes), read from /proc at 10 ms with the reading's own cost taken off; the web path's CPU is the server's processes only`,
  ];
  try {
    for (const file of photos) {
      const data = await readFile(file);
      const info = await inspectImage(data);
      const format = outputForOriginal(info.format, info.hasAlpha);
      const fixed: OptimiseOptions = {
        width: null,
        height: null,
        maintainRatio: true,
        format,
        quality: 75,
        maxBytes: null,
        keepMetadata: false,
      };
      const size = plannedSize(info, fixed);
      const alone = () => encode(sharp(data).rotate(), format, 75, { pixels: size.width * size.height }).toBuffer();
      const result = await alone();
      // The engine decodes a fixed quality's upload once (decision 0159); the look starts from those pixels.
      const pixels = await rawPixels(sharp(data).rotate().toColourspace('srgb'));
      const runs: Record<Part, () => Promise<unknown>> = {
        engine: () => optimiseImage(data, info, fixed),
        look: () => pageSizeLook(fromPixels(pixels), size).against(result),
        ipc: () => roundTrip(data, result),
        warm: () => pool.run('image', { data, info, options: fixed }),
        cold: async () => {
          const fresh = childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 4 });
          try {
            await fresh.run('image', { data, info, options: fixed });
          } finally {
            await fresh.close();
          }
        },
        http: () => api.optimise(data, path.basename(file), '75'),
        quiet: () => api.optimise(data, path.basename(file), '75'),
      };
      // Before the timed part, untimed: the server's job process is started (http) or ended (quiet).
      const prepare: Partial<Record<Part, () => Promise<unknown>>> = {
        http: () => api.optimise(result, 'warm-up.jpg', '75'),
        quiet: () => endJobProcesses(api.pid),
      };
      // Warm-up: libvips' code, the warm pool's process, the server's first request.
      await alone();
      for (const part of ['engine', 'warm', 'http'] as const) await runs[part]();
      const empty = () =>
        Object.fromEntries(['alone', ...Object.keys(PARTS)].map((key) => [key, [] as number[]])) as Record<Part | 'alone', number[]>;
      const ms = empty();
      const cpuMs = empty();
      const ratios = empty();
      const cpuRatios = empty();
      // Reading /proc costs CPU itself: what timing nothing costs is taken off every CPU figure.
      const reading: number[] = [];
      for (let i = 0; i < 9; i++) reading.push((await timed(async () => undefined, api.pid)).cpuMs);
      const readingMs = median(reading);
      const timedPart = async (work: () => Promise<unknown>, serverOnly = false) => {
        const took = await timed(work, api.pid);
        return { ms: took.ms, cpuMs: serverOnly ? took.serverCpuMs : Math.max(0, took.cpuMs - readingMs) };
      };
      for (let round = 0; round < rounds; round++) {
        for (const part of Object.keys(PARTS) as Part[]) {
          await prepare[part]?.();
          const before = await timedPart(alone);
          const took = await timedPart(runs[part], part === 'http' || part === 'quiet');
          const after = await timedPart(alone);
          const baseline = { ms: (before.ms + after.ms) / 2, cpuMs: (before.cpuMs + after.cpuMs) / 2 };
          ms.alone.push(baseline.ms);
          cpuMs.alone.push(baseline.cpuMs);
          ms[part].push(took.ms);
          cpuMs[part].push(took.cpuMs);
          ratios[part].push(took.ms / baseline.ms);
          cpuRatios[part].push(took.cpuMs / baseline.cpuMs);
        }
        log(
          `${path.basename(file)} round ${round + 1}: ${(Object.keys(PARTS) as Part[]).map((p) => `${p} ${ratios[p].at(-1)!.toFixed(2)}× (CPU ${cpuRatios[p].at(-1)!.toFixed(2)}×)`).join(', ')} (load ${load()})`,
        );
      }
      const rows = [
        ['sharp alone (baseline)', `${median(ms.alone).toFixed(0)} ms`, '1.00×', `${median(cpuMs.alone).toFixed(0)} ms`, '1.00×'],
        ...(Object.keys(PARTS) as Part[]).map((part) => [
          PARTS[part],
          `${median(ms[part]).toFixed(0)} ms`,
          `**${median(ratios[part]).toFixed(2)}×**`,
          `${median(cpuMs[part]).toFixed(0)} ms`,
          `**${median(cpuRatios[part]).toFixed(2)}×**`,
        ]),
      ];
      out.push(
        '',
        `**${path.basename(file)}** (${info.width}×${info.height}, ${(data.length / 1e6).toFixed(2)} MB, ${format} q75 → ${(result.length / 1e6).toFixed(2)} MB)`,
        '',
        table(['Part', 'Wall time', 'wall × sharp alone', 'CPU time (all processes)', 'CPU × sharp alone'], rows, false),
      );
    }
  } finally {
    echo.kill();
    await pool.close();
    await api.close();
    await rm(workDir, { recursive: true, force: true });
  }
  out.push('', `- Load average (1 / 5 / 15 min): ${loadBefore} before, ${load()} after`, '');
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
