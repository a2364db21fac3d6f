/**
 * `npm run bench:job-allocator`: what glibc's allocator settings cost a job process in CPU time, and what
 * they keep in memory (docs/decisions/0096, 0164). One job process (the built server's job-child.js,
 * as production starts it) runs a sequence of real photos, each at a fixed quality 75 as JPEG, at a fixed
 * quality 75 as WebP and in smart mode, one job after another, as a busy server's warm process would.
 * Per setting: the job process's CPU time for the whole sequence and for its fixed-quality jobs alone
 * (utime + stime of /proc/<pid>/stat), its minor page faults, its RSS after each job, its peak (VmHWM).
 * Settings run turn about within a repetition, the order rotated from one repetition to the next; CPU
 * is also given as a ratio of glibc's defaults in the same repetition (the median over repetitions),
 * with the load average beside it.
 *
 * - "arena2+mmapN": MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_ of N MB (--mmap-mb, default 1 4 8 32);
 * - "arena2+recycleN": ARENA_MAX=2, and a process whose RSS is over N MB after a job is ended then (it is
 *   idle); the next job starts a new one, whose start is counted in the sequence's CPU (--recycle-mb);
 * - "jemalloc": preloaded, where the system has it (for comparison: npm start cannot count on it);
 * - --setting name:KEY=value,KEY=value: any other variables (e.g. MALLOC_TOP_PAD_).
 *
 *   npm run build -w server && npm run bench:job-allocator -- [--reps 3] [--mmap-mb 1 ...] [--recycle-mb 256 ...] [--setting name:KEY=value,...] [--only name,name] [--jpeg-only] [photo ...]
 *
 * Markdown to stdout, progress to stderr. Linux only (/proc).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inspectImage, type ImageInfo } from '../server/src/images/inspect.js';
import type { OptimiseOptions } from '../server/src/images/optimise.js';
import { assertJobChildBuilt, procStat, startJobChild } from './job-child.js';
import { loadAverage as load, median, table } from './report.js';

const CORPUS_PHOTOS = '/work/shared/corpus/photos';
const MB = 1024 * 1024;
const JEMALLOC = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reps: { type: 'string', default: '3' },
    'recycle-mb': { type: 'string', multiple: true, default: ['256'] },
    'mmap-mb': { type: 'string', multiple: true, default: ['1', '4', '8', '32'] },
    setting: { type: 'string', multiple: true, default: [] },
    'jpeg-only': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const reps = Number(flags.reps);
const photos = positionals.length
  ? positionals.map((file) => path.resolve(file))
  : readdirSync(CORPUS_PHOTOS)
      .filter((name) => /\.jpe?g$/i.test(name))
      .sort()
      .map((name) => path.join(CORPUS_PHOTOS, name));

interface Setting {
  name: string;
  env: Record<string, string>;
  /** End the process after a job that leaves it over this RSS. */
  recycleBytes?: number;
}
const arena2 = { MALLOC_ARENA_MAX: '2' };
const mmap = (mb: number) => ({ ...arena2, MALLOC_MMAP_THRESHOLD_: String(mb * MB) });
const SETTINGS: Setting[] = [
  { name: 'defaults', env: {} },
  { name: 'arena2', env: arena2 },
  ...flags['mmap-mb'].map((mb) => ({ name: `arena2+mmap${mb}`, env: mmap(Number(mb)) })),
  ...flags['recycle-mb'].map((mb) => ({ name: `arena2+recycle${mb}`, env: arena2, recycleBytes: Number(mb) * MB })),
  // --setting name:KEY=value,KEY=value: any other allocator variables.
  ...flags.setting.map((text) => {
    const [name, variables = ''] = text.split(':');
    return {
      name: name!,
      env: Object.fromEntries(
        variables
          .split(',')
          .filter(Boolean)
          .map((pair) => pair.split('=') as [string, string]),
      ),
    };
  }),
  // For comparison only: a system package npm start cannot count on (decision 0096).
  ...(existsSync(JEMALLOC) ? [{ name: 'jemalloc', env: { LD_PRELOAD: JEMALLOC } }] : []),
];
const only = flags.only?.split(',');
const settings = only ? SETTINGS.filter((s) => only.includes(s.name)) : SETTINGS;

const log = (line: string) => process.stderr.write(`${line}\n`);

const peakBytes = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0) * 1024;

interface Child {
  process: ChildProcess;
  pid: number;
}

/** A job process as the pool starts it (jobs/process-pool.ts), with the setting's allocator variables instead of the pool's. */
async function startChild(env: Record<string, string>): Promise<Child> {
  const child = await startJobChild(String(Infinity), env);
  return { process: child, pid: child.pid! };
}

async function endChild(child: Child) {
  const gone = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill();
  await gone;
}

let nextId = 1;
function runJob(child: Child, input: { data: Buffer; info: ImageInfo; options: OptimiseOptions }): Promise<void> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    child.process.once('message', (message: { id: number; error?: { message: string } }) => {
      if (message.id !== id) reject(new Error('unexpected answer'));
      else if (message.error) reject(new Error(message.error.message));
      else resolve();
    });
    child.process.send({ id, kind: 'image', input });
  });
}

interface Outcome {
  cpuMs: number;
  wallMs: number;
  /** RSS after each job. */
  after: number[];
  /** CPU of the fixed-quality jobs alone (JPEG and WebP q75, the web path's kind), a new process's start excepted. */
  fixedCpuMs: number;
  peak: number;
  starts: number;
  /** Minor page faults of every process the sequence used, their starts excepted: fresh pages the allocator had to get. */
  minorFaults: number;
  /** CPU time of the first process's start (not in cpuMs): what each new process adds. */
  startCpuMs: number;
}

type Job = { label: string; input: { data: Buffer; info: ImageInfo; options: OptimiseOptions } };

/** One setting over the whole sequence, in fresh processes: CPU of every process it used, the first one's start excepted. */
async function runSequence(setting: Setting, jobs: Job[]): Promise<Outcome> {
  let child: Child | null = await startChild(setting.env);
  const first = procStat(child.pid);
  const startCpuMs = first.cpuMs;
  let cpuMs = -startCpuMs;
  let minorFaults = -first.minorFaults;
  let starts = 0;
  let fixedCpuMs = 0;
  let peak = 0;
  const after: number[] = [];
  const started = performance.now();
  const finish = async (c: Child) => {
    const s = procStat(c.pid);
    cpuMs += s.cpuMs;
    minorFaults += s.minorFaults;
    peak = Math.max(peak, peakBytes(c.pid));
    await endChild(c);
  };
  for (const job of jobs) {
    if (!child) {
      // A new process for this job: its start is part of the sequence's cost.
      child = await startChild(setting.env);
      minorFaults -= procStat(child.pid).minorFaults;
      starts++;
    }
    const before = procStat(child.pid).cpuMs;
    await runJob(child, job.input);
    const { rssBytes: rss, cpuMs: jobEnd } = procStat(child.pid);
    if (job.input.options.quality !== 'smart') fixedCpuMs += jobEnd - before;
    after.push(rss);
    if (setting.recycleBytes !== undefined && rss > setting.recycleBytes) {
      await finish(child);
      child = null;
    }
  }
  const wallMs = performance.now() - started;
  if (child) await finish(child);
  return { cpuMs, wallMs, after, fixedCpuMs, peak, starts, minorFaults, startCpuMs };
}

async function main() {
  assertJobChildBuilt();
  const jobs: Job[] = [];
  for (const file of photos) {
    const data = readFileSync(file);
    const info = await inspectImage(data);
    const base = { width: null, height: null, maintainRatio: true, maxBytes: null, keepMetadata: false };
    const name = path.basename(file);
    jobs.push({ label: `${name} jpeg q75`, input: { data, info, options: { ...base, format: 'jpeg', quality: 75 } } });
    if (flags['jpeg-only']) continue;
    jobs.push({ label: `${name} webp q75`, input: { data, info, options: { ...base, format: 'webp', quality: 75 } } });
    jobs.push({ label: `${name} smart`, input: { data, info, options: { ...base, format: 'jpeg', quality: 'smart' } } });
  }
  const loadBefore = load();
  const started = new Date();
  const results = new Map<string, Outcome[]>(settings.map((s) => [s.name, []]));
  const ratios = new Map<string, number[]>(settings.map((s) => [s.name, []]));
  const fixedRatios = new Map<string, number[]>(settings.map((s) => [s.name, []]));
  // Warm-up: the files' pages and libvips' code, once, untimed.
  await runSequence(settings[0]!, jobs.slice(0, 3));
  for (let rep = 0; rep < reps; rep++) {
    const order = settings.map((_, i) => settings[(i + rep) % settings.length]!);
    const cpuThisRep = new Map<string, number>();
    const fixedThisRep = new Map<string, number>();
    for (const setting of order) {
      const outcome = await runSequence(setting, jobs);
      results.get(setting.name)!.push(outcome);
      cpuThisRep.set(setting.name, outcome.cpuMs);
      fixedThisRep.set(setting.name, outcome.fixedCpuMs);
      log(
        `rep ${rep + 1} ${setting.name}: CPU ${(outcome.cpuMs / 1000).toFixed(2)} s (fixed-quality jobs ${(outcome.fixedCpuMs / 1000).toFixed(2)} s), wall ${(outcome.wallMs / 1000).toFixed(1)} s, RSS after jobs max ${(Math.max(...outcome.after) / MB).toFixed(0)} / end ${(outcome.after.at(-1)! / MB).toFixed(0)} MB, peak ${(outcome.peak / MB).toFixed(0)} MB, starts ${outcome.starts}, minor faults ${(outcome.minorFaults / 1000).toFixed(0)}k (load ${load()})`,
      );
      log(`  RSS after each job (MB): ${outcome.after.map((bytes) => (bytes / MB).toFixed(0)).join(' ')}`);
    }
    const baseline = cpuThisRep.get('defaults');
    for (const [name, cpu] of cpuThisRep) if (baseline) ratios.get(name)!.push(cpu / baseline);
    const fixedBaseline = fixedThisRep.get('defaults');
    for (const [name, cpu] of fixedThisRep) if (fixedBaseline) fixedRatios.get(name)!.push(cpu / fixedBaseline);
  }
  const rows = settings.map((s) => {
    const outcomes = results.get(s.name)!;
    const afterAll = outcomes.flatMap((o) => o.after);
    return [
      s.name,
      `${(median(outcomes.map((o) => o.cpuMs)) / 1000).toFixed(2)} s`,
      outcomes.map((o) => (o.cpuMs / 1000).toFixed(2)).join(' / '),
      ratios.get(s.name)!.length ? `**${median(ratios.get(s.name)!).toFixed(3)}×**` : '—',
      `${(median(outcomes.map((o) => o.fixedCpuMs)) / 1000).toFixed(2)} s`,
      fixedRatios.get(s.name)!.length ? `**${median(fixedRatios.get(s.name)!).toFixed(3)}×**` : '—',
      `${(median(afterAll) / MB).toFixed(0)} MB`,
      `${(Math.max(...afterAll) / MB).toFixed(0)} MB`,
      `${(median(outcomes.map((o) => o.after.at(-1)!)) / MB).toFixed(0)} MB`,
      `${(median(outcomes.map((o) => o.peak)) / MB).toFixed(0)} MB`,
      String(median(outcomes.map((o) => o.starts))),
      `${(median(outcomes.map((o) => o.minorFaults)) / jobs.length / 1000).toFixed(1)}k`,
    ];
  });
  const out = [
    "### A job process's allocator: CPU time and memory over a sequence of jobs",
    '',
    `- ${started.toISOString()}, ${os.cpus().length} cores, Node ${process.version}; ${photos.length} photos × (${flags['jpeg-only'] ? 'JPEG q75' : 'JPEG q75, WebP q75, smart'}) = ${jobs.length} jobs per sequence, one job process per setting (a new one after each recycle); ${reps} repetitions, settings turn about, order rotated per repetition`,
    '',
    table(
      [
        'Setting',
        'CPU (median)',
        'CPU per repetition',
        'CPU × defaults (median)',
        'fixed-quality jobs: CPU',
        'fixed-quality CPU × defaults',
        'RSS after a job (median)',
        'RSS after a job (max)',
        'RSS after the last job',
        'peak (VmHWM)',
        'new processes',
        'minor faults a job',
      ],
      rows,
      false,
    ),
    '',
    `- A job process's start (until it is ready) took ${median([...results.values()].flat().map((o) => o.startCpuMs)).toFixed(0)} ms of CPU (median); a recycle's new process counts it in the sequence's CPU`,
    `- Load average (1 / 5 / 15 min): ${loadBefore} before, ${load()} after`,
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
