import { fork, type ChildProcess } from 'node:child_process';
import { metrics } from './metrics.js';
import { fileURLToPath } from 'node:url';
import PQueue from 'p-queue';
import { undecodable } from '../images/inspect.js';
import { JOB_MEMORY_BUDGET_BYTES, JOB_TIME_LIMIT_MS, JOB_WALL_LIMIT_FACTOR, tooMuchMemory, tooSlow } from '../images/limits.js';
import {
  canWatchMemory,
  type JobTimeLimits,
  openProcessReader,
  processClocks,
  type ProcessReader,
  watchJobTime,
  watchMemory,
} from './job-watch.js';
import { OVER_MEMORY_EXIT, receivedError, type ChildMessage } from './protocol.js';
import { defaultQueueLimits, serverBusy, type JobHandlers, type ProcessPool, type QueueLimits } from './queue.js';

export interface ProcessPoolLimits extends QueueLimits {
  /** CPU time a job's process may use before it is killed (docs/decisions/0158). */
  cpuLimitMs?: number;
  /** Longer CPU limits for kinds of job that do more work than one image (a deck: docs/decisions/0043). */
  cpuLimitMsByKind?: Record<string, number>;
  /** Wall-clock time a job may take whatever its CPU time; JOB_WALL_LIMIT_FACTOR times its CPU limit unless given. */
  wallLimitMs?: number;
  wallLimitMsByKind?: Record<string, number>;
  /** Resident memory a job process may reach before it is killed (docs/decisions/0149). */
  memoryBudgetBytes?: number;
  /** How long a job process may wait for work before it ends, giving its memory back. */
  idleExitMs?: number;
  /** The job process's script: job-child.ts; the pool's tests give one whose jobs burn CPU or sleep. */
  jobScript?: string;
}

/** A second start of a job process costs ~0.3 s; a minute without jobs is worth its ~100–300 MB back. */
export const JOB_PROCESS_IDLE_EXIT_MS = 60_000;

const MB = 1024 * 1024;

/**
 * glibc's allocator in a job process: libvips' threads otherwise each grow an arena that keeps freed
 * pixel buffers (docs/decisions/0096-job-process-memory.md). Buffers above 4 MB are mapped apart and go
 * back to the system when freed; each of the two arenas grows and shrinks its heap 16 MB beyond what it
 * needs, so a job does not fault fresh pages in for every megabyte buffer (decision 0164).
 */
export const JOB_PROCESS_MALLOC = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(4 * MB), MALLOC_TOP_PAD_: String(16 * MB) };

/**
 * A job process's environment: the server's, without the jemalloc the production start preloads into the
 * server (docs/decisions/0280), with glibc's settings above instead: measured on jobs, jemalloc cost ~6 %
 * more CPU and kept more memory than these (decision 0164).
 */
export function jobProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const jobEnv: NodeJS.ProcessEnv = { ...env, ...JOB_PROCESS_MALLOC };
  const preload = (env.LD_PRELOAD ?? '')
    .split(/[:\s]+/)
    .filter((library) => library && !library.includes('libjemalloc'))
    .join(':');
  if (preload) jobEnv.LD_PRELOAD = preload;
  else delete jobEnv.LD_PRELOAD;
  delete jobEnv.MALLOC_CONF;
  return jobEnv;
}

/** In the built server the job process script sits beside main.js; from the sources (tests, tsx) it is TypeScript. */
const fromSources = import.meta.url.endsWith('.ts');
const childScript = fileURLToPath(new URL(fromSources ? './job-child.ts' : './job-child.js', import.meta.url));

interface JobProcess {
  child: ChildProcess;
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
  /** Its /proc files, opened at its first job and closed when it exits: its jobs' time and memory watches read them (0164). */
  reader?: ProcessReader;
}

/**
 * Runs each job in a child process that can be killed: the only way to bound a libvips decode's
 * time and memory (docs/decisions/0037-resource-limits.md). A job is timed on its process's CPU time,
 * with a wall-clock backstop, so a busy machine does not end a valid image's job (0158). At most `concurrency` jobs run
 * and `maxWaiting` wait (then 503); a job process (job-child.ts) serves job after job until it is
 * killed, ends itself over its memory budget, or idles past idleExitMs.
 */
export function childProcessPool<H extends JobHandlers>(limits: ProcessPoolLimits = defaultQueueLimits()): ProcessPool<H> {
  const cpuLimitMs = limits.cpuLimitMs ?? JOB_TIME_LIMIT_MS;
  const script = limits.jobScript ?? childScript;
  const timeLimits = (kind: string): JobTimeLimits => {
    const cpuMs = limits.cpuLimitMsByKind?.[kind] ?? cpuLimitMs;
    return { cpuMs, wallMs: limits.wallLimitMsByKind?.[kind] ?? limits.wallLimitMs ?? cpuMs * JOB_WALL_LIMIT_FACTOR };
  };
  const memoryBudget = limits.memoryBudgetBytes ?? JOB_MEMORY_BUDGET_BYTES;
  const idleExitMs = limits.idleExitMs ?? JOB_PROCESS_IDLE_EXIT_MS;
  const queue = new PQueue({ concurrency: limits.concurrency });
  const idle: JobProcess[] = [];
  const all = new Set<ChildProcess>();
  let closed = false;
  let nextId = 1;
  // The result queue in front (result-queue.ts) admits requests; this is the pool's own backstop.
  const isFull = () => closed || queue.size >= limits.maxWaiting;

  function start(): JobProcess {
    // Where the app watches the job process's memory, the process need not watch itself.
    const child = fork(script, [String(canWatchMemory ? Infinity : memoryBudget)], {
      serialization: 'advanced',
      execArgv: fromSources ? ['--import', 'tsx'] : [],
      env: jobProcessEnv(process.env),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    all.add(child);
    const worker: JobProcess = {
      child,
      ready: new Promise((resolve, reject) => {
        const onMessage = (message: ChildMessage) => {
          if (!('ready' in message)) return;
          child.off('exit', onExit);
          resolve();
        };
        const onExit = () => reject(new Error('The image worker could not start.'));
        child.once('message', onMessage);
        child.once('exit', onExit);
      }),
    };
    child.once('exit', () => {
      clearTimeout(worker.idleTimer);
      worker.reader?.close();
      all.delete(child);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    });
    return worker;
  }

  /** Back among the idle; ended if no job comes for it in time, taken off the list first so no job is sent to it. */
  function rest(worker: JobProcess) {
    idle.push(worker);
    worker.idleTimer = setTimeout(() => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      worker.child.kill();
    }, idleExitMs).unref();
  }

  function take(): JobProcess {
    const worker = idle.pop();
    if (!worker) return start();
    clearTimeout(worker.idleTimer);
    return worker;
  }

  type Output<K extends keyof H> = Awaited<ReturnType<H[K]>>;

  async function runIn<K extends keyof H & string>(worker: JobProcess, kind: K, input: Parameters<H[K]>[0]): Promise<Output<K>> {
    await worker.ready;
    const { child } = worker;
    // A process that exited while it was idle is never taken (its exit takes it off the idle list).
    const reader = (worker.reader ??= openProcessReader(child.pid!));
    const id = nextId++;
    return new Promise<Output<K>>((resolve, reject) => {
      let timedOut = false;
      let overMemory = false;
      // From here, not by the job process: CPU time counts every thread, whatever its event loop is doing (0158).
      const stopTiming = watchJobTime(processClocks(reader), timeLimits(kind), () => {
        timedOut = true;
        child.kill('SIGKILL');
      });
      // Read from here, not by the job process itself: its event loop may be stuck in a long step (0149).
      const stopWatching = canWatchMemory
        ? watchMemory(reader, memoryBudget, () => {
            overMemory = true;
            child.kill('SIGKILL');
          })
        : () => {};
      const done = () => {
        const resident = reader.residentBytes();
        if (resident !== null) metrics.jobMemory.observe(resident);
        stopTiming();
        stopWatching();
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (message: ChildMessage) => {
        if ('ready' in message || message.id !== id) return;
        done();
        rest(worker);
        if ('error' in message) reject(receivedError(message.error));
        // The job process answers with what H[kind] returned (job-child.ts runs the same handlers).
        else resolve(message.value as Output<K>);
      };
      // A worker that dies mid-job was killed for time (CPU or wall-clock) or memory, ended itself for memory, or crashed on the file.
      const onExit = (code: number | null) => {
        done();
        if (timedOut || overMemory || code === OVER_MEMORY_EXIT) metrics.jobKills.inc({ reason: timedOut ? 'time' : 'memory' });
        reject(timedOut ? tooSlow() : overMemory || code === OVER_MEMORY_EXIT ? tooMuchMemory() : undecodable());
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, kind, input });
    });
  }

  return {
    async run<K extends keyof H & string>(kind: K, input: Parameters<H[K]>[0]): Promise<Output<K>> {
      if (isFull()) throw serverBusy();
      return queue.add<Output<K>>(() => runIn(take(), kind, input), { throwOnTimeout: true });
    },
    warm() {
      // After a quiet minute none is left (0096): starting one costs ~0.3 s, which the upload's own transfer can hide (0154).
      if (closed || idle.length > 0 || queue.pending + queue.size >= limits.concurrency) return;
      const worker = start();
      // Nobody may wait on a warmed process that fails to start; a job taking it sees the failure itself.
      worker.ready.catch(() => undefined);
      rest(worker);
    },
    get processes() {
      return all.size;
    },
    async close() {
      closed = true;
      await queue.onIdle();
      for (const worker of idle) clearTimeout(worker.idleTimer);
      for (const child of all) child.kill();
    },
  };
}
