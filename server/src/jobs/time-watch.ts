import { readFileSync } from 'node:fs';
import { cpuMsFromStat, type ProcessReader } from './proc-reader.js';

/**
 * How often the app reads a running job process's CPU time: a job may overshoot its CPU limit by at
 * most this times the threads it runs, a fraction of a second against 30 s (docs/decisions/0158).
 */
export const TIME_CHECK_MS = 50;

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

/**
 * A job's time from now: its process's CPU time against `cpuMs`, wall-clock time against `wallMs`.
 * Where the CPU time cannot be read at the start (no /proc), the CPU limit counts wall-clock time, as
 * every limit did before decision 0158; a read that fails later (the process ending) passes nothing.
 */
export function jobTimer(limits: JobTimeLimits, clocks: JobClocks): { passed(): TimeLimitPassed | null } {
  const wallStart = clocks.wallMs();
  const cpuStart = clocks.cpuMs();
  return {
    passed() {
      const wall = clocks.wallMs() - wallStart;
      if (wall >= limits.wallMs) return 'wall';
      if (cpuStart === null) return wall >= limits.cpuMs ? 'cpu' : null;
      const cpu = clocks.cpuMs();
      return cpu !== null && cpu - cpuStart >= limits.cpuMs ? 'cpu' : null;
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
 * The wall-clock backstop has a timer of its own. Returns the stop function.
 */
export function watchJobTime(clocks: JobClocks, limits: JobTimeLimits, passed: (limit: TimeLimitPassed) => void, everyMs = TIME_CHECK_MS): () => void {
  const timer = jobTimer(limits, clocks);
  let watching = true;
  const stop = () => {
    watching = false;
    clearInterval(interval);
    clearTimeout(backstop);
  };
  const pass = (limit: TimeLimitPassed) => {
    if (!watching) return;
    stop();
    passed(limit);
  };
  const interval = setInterval(() => {
    const limit = timer.passed();
    if (limit) pass(limit);
  }, everyMs);
  const backstop = setTimeout(() => pass('wall'), limits.wallMs);
  return stop;
}
