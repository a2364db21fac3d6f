import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

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

/** /proc/<pid>/statm counts pages: this process's RSS in bytes over its own count, to the nearest power of two. */
const PAGE_BYTES = canWatchMemory ? 2 ** Math.round(Math.log2(process.memoryUsage.rss() / residentPages('/proc/self/statm'))) : 4096;

function residentPages(statm: string): number {
  return Number(readFileSync(statm, 'latin1').split(' ')[1]);
}

/**
 * Calls overBudget once when the process's resident memory passes `budgetBytes`, reading it from the
 * outside, so a job process whose own event loop is busy (a long synchronous step) is still ended in time.
 * Each check reads /proc/<pid>/statm through one descriptor opened for the job: opening and parsing
 * /proc/<pid>/status every 10 ms cost the app ~15 ms of CPU per second of a job (decision 0159).
 * Returns the stop function.
 */
export function watchMemory(pid: number, budgetBytes: number, overBudget: (residentBytes: number) => void): () => void {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/statm`, 'r');
  } catch {
    // The process has ended already: its exit tells the pool.
    return () => {};
  }
  const text = Buffer.alloc(128);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    closeSync(fd);
  };
  const timer = setInterval(() => {
    let bytes: number;
    try {
      const length = readSync(fd, text, 0, text.length, 0);
      bytes = Number(text.toString('latin1', 0, length).split(' ')[1]) * PAGE_BYTES;
    } catch {
      // The process ended between two checks: its exit tells the pool.
      return;
    }
    if (!(bytes > budgetBytes)) return;
    stop();
    overBudget(bytes);
  }, MEMORY_CHECK_MS);
  return stop;
}
