import { readdirSync, readFileSync } from 'node:fs';

/** This process's child processes (the job pool's), from /proc. */
function jobProcessIds(): string[] {
  return readdirSync(`/proc/${process.pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      return []; // the thread ended between the listing and the read
    }
  });
}

/**
 * Runs `work` and reads the highest VmHWM of this process's job processes every 2 ms meanwhile: the
 * kernel's peak resident memory, which a job process keeps for life (so a bench gives each job a fresh pool).
 * A failed `work` is returned as its error, to be printed beside the others.
 */
export async function peakWhile<T>(work: () => Promise<T>): Promise<{ peak: number; seconds: number; value: T | Error }> {
  let peak = 0;
  const timer = setInterval(() => {
    for (const pid of jobProcessIds()) {
      try {
        const kib = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        peak = Math.max(peak, kib * 1024);
      } catch {
        // the job process ended between the listing and the read
      }
    }
  }, 2);
  const started = performance.now();
  const value = await work().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  return { peak, seconds, value };
}
