import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { cpus } from 'node:os';

// How the app watches a running job process from the outside: its /proc files read through one open
// descriptor each (the reader), its CPU and wall-clock time against its limits (docs/decisions/0158,
// 0167), its resident memory against its budget (0149, 0164).

/**
 * A job process's CPU time and resident memory, read from /proc/<pid>/stat and /proc/<pid>/statm through
 * one descriptor each, opened once for the process and read again at offset 0 (each read is a fresh
 * reading): the time watch (watchJobTime below) and the memory watch (watchMemory below, every 10 ms)
 * share it, instead of a descriptor opened per job for the memory and /proc/<pid>/stat
 * opened, read and closed at each time check (docs/decisions/0164).
 */
export interface ProcessReader {
  /** utime + stime in ms, all threads; null where there is no /proc, once the process is gone, or after close. */
  cpuMs(): number | null;
  /** Resident memory in bytes; null where there is no /proc, once the process is gone, or after close. */
  residentBytes(): number | null;
  /** Closes the descriptors; reads return null afterwards. Safe to call twice. */
  close(): void;
}

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ, fixed for user space). */
const MS_PER_TICK = 10;

/** utime + stime of a /proc/<pid>/stat line in ms, null if it does not parse. */
export function cpuMsFromStat(stat: string): number | null {
  // The command name may hold spaces and parentheses; after its last ')' the fields start at the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * MS_PER_TICK : null;
}

/** /proc/<pid>/statm counts pages: this process's RSS in bytes over its own count, to the nearest power of two. */
const PAGE_BYTES = (() => {
  try {
    const pages = Number(readFileSync('/proc/self/statm', 'latin1').split(' ')[1]);
    return 2 ** Math.round(Math.log2(process.memoryUsage.rss() / pages));
  } catch {
    return 4096;
  }
})();

/** Resident bytes of a /proc/<pid>/statm line (its second field, in pages), null if it does not parse. */
export function residentFromStatm(statm: string): number | null {
  const pages = Number(statm.split(' ')[1]);
  return Number.isFinite(pages) ? pages * PAGE_BYTES : null;
}

function openOrNull(file: string): number | null {
  try {
    return openSync(file, 'r');
  } catch {
    return null;
  }
}

/** Opens the process's /proc files; a process that has ended already (or no /proc) gives a reader whose reads are null. */
export function openProcessReader(pid: number): ProcessReader {
  // stat holds a command name of at most 64 bytes and 52 numbers: well under 1 KiB.
  const text = Buffer.alloc(1024);
  let stat = openOrNull(`/proc/${pid}/stat`);
  let statm = openOrNull(`/proc/${pid}/statm`);
  const read = (fd: number | null): string | null => {
    if (fd === null) return null;
    try {
      return text.toString('latin1', 0, readSync(fd, text, 0, text.length, 0));
    } catch {
      // The process has ended (ESRCH): its exit tells the pool.
      return null;
    }
  };
  return {
    cpuMs() {
      const content = read(stat);
      return content === null ? null : cpuMsFromStat(content);
    },
    residentBytes() {
      const content = read(statm);
      return content === null ? null : residentFromStatm(content);
    },
    close() {
      for (const fd of [stat, statm]) if (fd !== null) closeSync(fd);
      stat = null;
      statm = null;
    },
  };
}

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
 * (the reader above, 0164; null where there is no /proc, so the CPU limit counts wall-clock time), wall-clock
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

/**
 * How often the app reads a running job process's memory: libvips grew a 100 MP job by at most
 * ~500 MB/s here, so a check every 10 ms overshoots the budget by a few MB (docs/decisions/0149).
 */
export const MEMORY_CHECK_MS = 10;

/** The resident memory of a process in bytes (VmRSS of /proc/<pid>/status), or null where there is no /proc. */
export function residentBytes(pid: number): number | null {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kib === undefined ? null : Number(kib) * 1024;
  } catch {
    return null;
  }
}

/** Whether this system lets the app read its job processes' memory; elsewhere a job process checks its own. */
export const canWatchMemory = residentBytes(process.pid) !== null;

/**
 * Calls overBudget once when the process's resident memory passes `budgetBytes`, reading it from the
 * outside, so a job process whose own event loop is busy (a long synchronous step) is still ended in time.
 * Each check reads /proc/<pid>/statm through the job process's reader (above, decision 0164),
 * whose descriptor stays open: opening and parsing /proc/<pid>/status every 10 ms cost the app ~15 ms of
 * CPU per second of a job (decision 0159). Returns the stop function.
 */
export function watchMemory(
  reader: Pick<ProcessReader, 'residentBytes'>,
  budgetBytes: number,
  overBudget: (residentBytes: number) => void,
): () => void {
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
  };
  const timer = setInterval(() => {
    // Null: the process ended between two checks, and its exit tells the pool.
    const bytes = reader.residentBytes();
    if (bytes === null || !(bytes > budgetBytes)) return;
    stop();
    overBudget(bytes);
  }, MEMORY_CHECK_MS);
  return stop;
}
