import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { cpuMsFromStat, type ProcessReader } from './proc-reader.js';

/**
 * The closest the app's readings of a running job process's CPU time come to each other, and how far
 * apart they are once the job is near its limit: a job may overshoot its CPU limit by at most this
 * times the threads it runs, a fraction of a second against 30 s (docs/decisions/0158).
 */
export const TIME_CHECK_MS = 50;

/**
 * A process's CPU time grows at most this many milliseconds per millisecond: one for each online core,
 * all busy. So a job with L ms of its limit left cannot pass it in less than L / CORES ms, and needs no
 * reading before then (decision 0167). All cores, not `availableParallelism()`, which may follow a
 * container's CPU quota: a quota is kept over a period, and within one the threads may use more cores.
 */
const CORES = Math.max(1, cpus().length);
/** /proc counts CPU time in ticks of 10 ms: a reading may be up to one tick behind. */
const CPU_READING_MS = 10;

/**
 * CPU time a process has used, all its threads (libvips' included), in ms: utime + stime of
 * /proc/<pid>/stat. Null where there is no /proc, or the process is gone.
 */
export function cpuTimeMs(pid: number): number | null {
  try {
    return cpuMsFromStat(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return null;
  }
}

export interface JobTimeLimits {
  /** CPU time the job's process may use from the job's start. */
  cpuMs: number;
  /** Wall-clock time the job may take, whatever its CPU time: the backstop for a job that waits on nothing. */
  wallMs: number;
}

/** The two clocks a job is timed on; injectable so tests need not wait. */
export interface JobClocks {
  /** The job process's CPU time in ms, null when it cannot be read. */
  cpuMs(): number | null;
  wallMs(): number;
}

/** Which limit a job has passed. */
export type TimeLimitPassed = 'cpu' | 'wall';

export interface JobTimer {
  /** Reads the clocks: the limit the job has passed, or null. */
  passed(): TimeLimitPassed | null;
  /**
   * How long from the last reading (or the start) the job could not pass its CPU limit even using all
   * `cores` at once: the next reading need not come sooner, and comes no sooner than `closestMs`.
   */
  nextReadingMs(closestMs: number): number;
}

/**
 * A job's time from now: its process's CPU time against `cpuMs`, wall-clock time against `wallMs`.
 * Where the CPU time cannot be read at the start (no /proc), the CPU limit counts wall-clock time, as
 * every limit did before decision 0158; a read that fails later (the process ending) passes nothing.
 */
export function jobTimer(limits: JobTimeLimits, clocks: JobClocks, cores = CORES): JobTimer {
  const wallStart = clocks.wallMs();
  const cpuStart = clocks.cpuMs();
  // Counted by the clock, the CPU limit's time grows one millisecond per millisecond.
  const rate = cpuStart === null ? 1 : cores;
  let cpuLeft = limits.cpuMs;
  return {
    passed() {
      const wall = clocks.wallMs() - wallStart;
      if (wall >= limits.wallMs) return 'wall';
      if (cpuStart === null) {
        cpuLeft = limits.cpuMs - wall;
        return cpuLeft <= 0 ? 'cpu' : null;
      }
      const cpu = clocks.cpuMs();
      // Unreadable now: the process has ended, and its exit tells the pool; read again at the closest.
      cpuLeft = cpu === null ? 0 : limits.cpuMs - (cpu - cpuStart);
      return cpu !== null && cpuLeft <= 0 ? 'cpu' : null;
    },
    nextReadingMs(closestMs) {
      return Math.max(closestMs, (cpuLeft - CPU_READING_MS) / rate);
    },
  };
}

/**
 * The clocks of a process the app started: its CPU time through its reader's open /proc descriptor
 * (proc-reader.ts, 0164; null where there is no /proc, so the CPU limit counts wall-clock time), wall-clock
 * time from here.
 */
export const processClocks = (reader: Pick<ProcessReader, 'cpuMs'>): JobClocks => ({
  cpuMs: () => reader.cpuMs(),
  wallMs: () => performance.now(),
});

/**
 * Calls `passed` once when a job passes either limit, reading its process's CPU time from the outside,
 * so a job process whose event loop is held by a long step is timed all the same (as its memory, 0149).
 * Each reading comes when the job could first have passed its CPU limit (`nextReadingMs`), at least
 * `closestMs` after the last: a 30 s limit on 2 cores is read after 15 s, then ever closer, so a job of
 * a second is never read, where a reading every 50 ms woke the app 20 times a second per job for the
 * same answer (decision 0167). The wall-clock backstop has a timer of its own. Returns the stop function.
 */
export function watchJobTime(
  clocks: JobClocks,
  limits: JobTimeLimits,
  passed: (limit: TimeLimitPassed) => void,
  closestMs = TIME_CHECK_MS,
  cores = CORES,
): () => void {
  const timer = jobTimer(limits, clocks, cores);
  let watching = true;
  const stop = () => {
    watching = false;
    clearTimeout(reading);
    clearTimeout(backstop);
  };
  const pass = (limit: TimeLimitPassed) => {
    if (!watching) return;
    stop();
    passed(limit);
  };
  const read = () => {
    const limit = timer.passed();
    if (limit) pass(limit);
    else reading = setTimeout(read, timer.nextReadingMs(closestMs));
  };
  let reading = setTimeout(read, timer.nextReadingMs(closestMs));
  const backstop = setTimeout(() => pass('wall'), limits.wallMs);
  return stop;
}
