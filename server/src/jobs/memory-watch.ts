import { readFileSync } from 'node:fs';

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
 * Returns the stop function.
 */
export function watchMemory(pid: number, budgetBytes: number, overBudget: (residentBytes: number) => void): () => void {
  const timer = setInterval(() => {
    const bytes = residentBytes(pid);
    if (bytes === null || bytes <= budgetBytes) return;
    clearInterval(timer);
    overBudget(bytes);
  }, MEMORY_CHECK_MS);
  return () => clearInterval(timer);
}
