import { readFileSync } from 'node:fs';
import type { ProcessReader } from './proc-reader.js';

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
 * Each check reads /proc/<pid>/statm through the job process's reader (proc-reader.ts, decision 0164),
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
