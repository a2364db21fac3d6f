/**
 * `npm run bench:job-overhead`: what a warm job process adds to a fixed-quality job's CPU time, part by
 * part (docs/decisions/0167). The web path's job (`optimiseImage`, the original's format at quality 75,
 * the look measured) runs, turn about in each round, the order rotated from round to round:
 *
 * - "in this process": the engine called here, as `npm run bench:web-path`'s engine row (libvips' cache on);
 * - "in this process: cache off": the same after `sharp.cache(false)`, as a job process runs it (decision 0096);
 * - job processes, each started once and warm (the built `server/dist/job-child.js`, as production starts
 *   it), sent the job as the pool sends it (advanced serialization) and watched from here as the pool
 *   watches it (jobs/job-watch.ts: its memory and its time, one /proc reader each, decision 0164):
 *   - "as before 0167": its own RSS check every 25 ms (it is given a finite budget it never reaches) and
 *     the app's CPU-time reading every 50 ms;
 *   - "now": no check of its own (budget Infinity, as the pool starts it on Linux), the CPU time read when
 *     the job could first have passed its limit;
 *   - "now: glibc's allocator": the same without the pool's MALLOC_* variables (decision 0164's price);
 *     MALLOC_ARENA_MAX is given glibc's own default, or sharp would drop libvips to one thread;
 *   - "now: memory not watched": the same without the app's 10 ms memory reading (what that reading costs);
 *   - `--setting name:KEY=value,…`: the same as "now" with other variables.
 *
 * `--only name,name` runs some of them (the first is the others' reference).
 *
 * Per job: this process's CPU (`process.cpuUsage()`: for a job process, the IPC and the watches), the job
 * process's CPU and minor faults (/proc/<pid>/stat, 10 ms ticks), medians over rounds. Then each job
 * process idle for `--idle` seconds: the CPU of waiting.
 *
 *   npm run build -w server && npm run bench:job-overhead -- [--rounds 9] [--idle 10] [--setting name:KEY=value,...] [--only name,...] [photo ...]
 *
 * Default photos: the corpus' sunset (the web path's), Dragonfly and seeding. Markdown to stdout,
 * progress to stderr. Linux only (/proc).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { outputForOriginal } from '../server/src/images/formats.js';
import { inspectImage, type ImageInfo } from '../server/src/images/inspect.js';
import { JOB_MEMORY_BUDGET_BYTES, JOB_TIME_LIMIT_MS, JOB_WALL_LIMIT_MS } from '../server/src/images/limits.js';
import { optimiseImage, type OptimiseOptions } from '../server/src/images/optimise.js';
import {
  openProcessReader,
  processClocks,
  type ProcessReader,
  TIME_CHECK_MS,
  watchJobTime,
  watchMemory,
} from '../server/src/jobs/job-watch.js';
import { JOB_PROCESS_MALLOC } from '../server/src/jobs/process-pool.js';
import { assertJobChildBuilt, procStat, startJobChild } from './job-child.js';
import { loadAverage as load, median, table } from './report.js';

const PHOTOS = ['sunset_by_Aitzol_Berasategi.jpg', 'Dragonfly_by_Bolly.jpg', 'seeding_by_Clements_Engelhardt.jpg'].map((name) =>
  path.join('/work/shared/corpus/photos', name),
);
const MB = 1024 * 1024;

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '9' },
    idle: { type: 'string', default: '10' },
    setting: { type: 'string', multiple: true, default: [] },
    only: { type: 'string' },
  },
});
const rounds = Number(flags.rounds);
const idleSeconds = Number(flags.idle);
const photos = positionals.length ? positionals.map((file) => path.resolve(file)) : PHOTOS;
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Variant {
  name: string;
  /** The budget job-child.ts is started with: a finite one runs its own RSS check. */
  budget?: string;
  env?: Record<string, string>;
  /** The app's CPU-time reading: `cores` Infinity reads every 50 ms, as before decision 0167. */
  cores?: number;
  watchMemory?: boolean;
}
const ALL_VARIANTS: Variant[] = [
  { name: 'in this process' },
  { name: 'in this process: cache off' },
  { name: 'job process as before 0167', budget: String(1e15), env: JOB_PROCESS_MALLOC, cores: Infinity, watchMemory: true },
  { name: 'job process now', budget: 'Infinity', env: JOB_PROCESS_MALLOC, watchMemory: true },
  // glibc's own arena count (8 a core), given so that sharp keeps libvips' threads as in the job process.
  {
    name: "job process now: glibc's allocator",
    budget: 'Infinity',
    env: { MALLOC_ARENA_MAX: String(8 * os.cpus().length) },
    watchMemory: true,
  },
  { name: 'job process now: memory not watched', budget: 'Infinity', env: JOB_PROCESS_MALLOC, watchMemory: false },
  // --setting name:KEY=value,KEY=value: a job process as now with other variables (VIPS_CONCURRENCY, UV_THREADPOOL_SIZE, NODE_OPTIONS, GLIBC_TUNABLES, MALLOC_*; KEY= unsets one).
  ...flags.setting.map((text): Variant => {
    const [name, variables = ''] = text.split(':');
    const env = Object.fromEntries(
      variables
        .split(',')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    return { name: name!, budget: 'Infinity', env: { ...JOB_PROCESS_MALLOC, ...env }, watchMemory: true };
  }),
];
const only = flags.only?.split(',');
const VARIANTS = only ? ALL_VARIANTS.filter((v) => only.includes(v.name)) : ALL_VARIANTS;

interface JobProcess {
  child: ChildProcess;
  reader: ProcessReader;
}

async function start(variant: Variant): Promise<JobProcess> {
  // A variable given empty (--setting name:MALLOC_TOP_PAD_=) is left unset.
  const child = await startJobChild(variant.budget!, variant.env ?? {});
  return { child, reader: openProcessReader(child.pid!) };
}

type Input = { data: Buffer; info: ImageInfo; options: OptimiseOptions };
let nextId = 1;

/** One job as the pool runs it (jobs/process-pool.ts's runIn): the watches from here, the job sent, its answer awaited. */
function runIn(job: JobProcess, variant: Variant, input: Input): Promise<void> {
  const id = nextId++;
  const stopTiming = watchJobTime(
    processClocks(job.reader),
    { cpuMs: JOB_TIME_LIMIT_MS, wallMs: JOB_WALL_LIMIT_MS },
    () => job.child.kill('SIGKILL'),
    TIME_CHECK_MS,
    variant.cores,
  );
  const stopWatching = variant.watchMemory ? watchMemory(job.reader, JOB_MEMORY_BUDGET_BYTES, () => job.child.kill('SIGKILL')) : () => {};
  return new Promise((resolve, reject) => {
    const onMessage = (message: { id: number; error?: { message: string } }) => {
      if (message.id !== id) return;
      stopTiming();
      stopWatching();
      job.child.off('message', onMessage);
      if (message.error) reject(new Error(message.error.message));
      else resolve();
    };
    job.child.on('message', onMessage);
    job.child.send({ id, kind: 'image', input });
  });
}

interface Sample {
  appMs: number;
  jobMs: number;
  faults: number;
  /** The job process's resident memory after the job (0 in this process). */
  rssAfter: number;
}

async function main() {
  assertJobChildBuilt();
  const started = new Date();
  const loadBefore = load();
  const processes = new Map<string, JobProcess>();
  for (const variant of VARIANTS) if (variant.budget) processes.set(variant.name, await start(variant));
  const out = [
    "### A warm job process's CPU, part by part",
    '',
    `- ${started.toISOString()}, ${os.cpus().length} cores, Node ${process.version}, sharp ${sharp.versions.sharp}; ${rounds} rounds per photo, variants turn about, order rotated per round; medians`,
  ];
  try {
    for (const file of photos) {
      const data = readFileSync(file);
      const info = await inspectImage(data);
      const input: Input = {
        data,
        info,
        options: {
          width: null,
          height: null,
          maintainRatio: true,
          format: outputForOriginal(info.format, info.hasAlpha),
          quality: 75,
          maxBytes: null,
          keepMetadata: false,
        },
      };
      const run = async (variant: Variant): Promise<Sample> => {
        const job = processes.get(variant.name);
        sharp.cache(variant.name !== 'in this process: cache off');
        const before = job ? procStat(job.child.pid!) : { cpuMs: 0, minorFaults: 0 };
        const app = process.cpuUsage();
        const faults = process.resourceUsage().minorPageFault;
        if (job) await runIn(job, variant, input);
        else await optimiseImage(data, info, input.options);
        const used = process.cpuUsage(app);
        const after = job ? procStat(job.child.pid!) : { cpuMs: 0, minorFaults: process.resourceUsage().minorPageFault - faults };
        return {
          appMs: (used.user + used.system) / 1000,
          jobMs: after.cpuMs - before.cpuMs,
          faults: after.minorFaults - before.minorFaults,
          rssAfter: job?.reader.residentBytes() ?? 0,
        };
      };
      // Warm-up, untimed: libvips' code, each job process's first jobs.
      for (const variant of VARIANTS) for (let i = 0; i < 2; i++) await run(variant);
      const samples = new Map<string, Sample[]>(VARIANTS.map((v) => [v.name, []]));
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < VARIANTS.length; i++) {
          const variant = VARIANTS[(i + round) % VARIANTS.length]!;
          samples.get(variant.name)!.push(await run(variant));
        }
        log(
          `${path.basename(file)} round ${round + 1}: ${VARIANTS.map((v) => `${v.name} ${(samples.get(v.name)!.at(-1)!.appMs + samples.get(v.name)!.at(-1)!.jobMs).toFixed(0)} ms`).join(', ')} (load ${load()})`,
        );
      }
      const total = (s: Sample) => s.appMs + s.jobMs;
      const reference = median(samples.get(VARIANTS[0]!.name)!.map(total));
      const rows = VARIANTS.map((v) => {
        const list = samples.get(v.name)!;
        const sum = median(list.map(total));
        return [
          v.name,
          `${median(list.map((s) => s.appMs)).toFixed(1)} ms`,
          v.budget ? `${median(list.map((s) => s.jobMs)).toFixed(0)} ms` : '—',
          `**${sum.toFixed(0)} ms**`,
          `${sum - reference >= 0 ? '+' : ''}${(sum - reference).toFixed(0)} ms`,
          `${(median(list.map((s) => s.faults)) / 1000).toFixed(1)}k`,
          v.budget ? `${(median(list.map((s) => s.rssAfter)) / MB).toFixed(0)} MB` : '—',
        ];
      });
      out.push(
        '',
        `**${path.basename(file)}** (${info.width}×${info.height}, ${(data.length / MB).toFixed(2)} MB), load ${load()}`,
        '',
        table(
          [
            'Where the job runs',
            'CPU of this process',
            'CPU of the job process',
            'CPU, both',
            `vs ${VARIANTS[0]!.name}`,
            "minor faults (the job's process)",
            'RSS after the job',
          ],
          rows,
          false,
        ),
      );
    }
    // Idle: what each job process costs while it waits for work (up to the pool's idle minute).
    const idleRows: string[][] = [];
    for (const variant of VARIANTS.filter((v) => v.budget)) {
      const job = processes.get(variant.name)!;
      const before = procStat(job.child.pid!).cpuMs;
      await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
      idleRows.push([variant.name, `${((procStat(job.child.pid!).cpuMs - before) / idleSeconds).toFixed(1)} ms per s`]);
    }
    out.push('', `Idle, ${idleSeconds} s each (load ${load()}):`, '', table(['Job process', 'CPU while idle'], idleRows, false));
  } finally {
    for (const job of processes.values()) {
      job.reader.close();
      job.child.kill();
    }
  }
  out.push('', `- Load average (1 / 5 / 15 min): ${loadBefore} before, ${load()} after`, '');
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
