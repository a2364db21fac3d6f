/**
 * Job processes for the benchmarks that start them by hand (bench:job-allocator, bench:job-overhead):
 * the built `server/dist/job-child.js` forked as the pool forks it (jobs/process-pool.ts), with the
 * allocator variables a benchmark gives instead of the pool's, and its counters from /proc. Linux only.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_PROCESS_MALLOC } from '../server/src/jobs/process-pool.js';

const JOB_CHILD = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'server/dist/job-child.js');
const PAGE_BYTES = 4096;
/** Linux counts CPU time in ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

/** Stops the benchmark before its first round when the server is not built. */
export function assertJobChildBuilt(): void {
  if (!existsSync(JOB_CHILD)) throw new Error(`${JOB_CHILD} is missing: run npm run build -w server first`);
}

/**
 * A job process started with `budget` (job-child.ts's own RSS check runs only for a finite one) and
 * `env` in place of the pool's allocator variables; a variable given empty is left unset. Resolves once
 * it says it is ready.
 */
export async function startJobChild(budget: string, env: Record<string, string>): Promise<ChildProcess> {
  const base: Record<string, string | undefined> = { ...process.env };
  for (const key of Object.keys(JOB_PROCESS_MALLOC)) delete base[key];
  const merged = Object.entries({ ...base, ...env }).filter(([, value]) => value !== undefined && value !== '');
  const child = fork(JOB_CHILD, [budget], {
    serialization: 'advanced',
    env: Object.fromEntries(merged),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', () => reject(new Error('the job process did not start')));
  });
  return child;
}

/** A process's CPU time, resident memory and minor faults so far, from /proc/<pid>/stat. */
export function procStat(pid: number): { cpuMs: number; rssBytes: number; minorFaults: number } {
  const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  // The command name may hold spaces and parentheses: fields are counted after the last ')'.
  const fields = text
    .slice(text.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { cpuMs: (fields[11]! + fields[12]!) * MS_PER_TICK, rssBytes: fields[21]! * PAGE_BYTES, minorFaults: fields[7]! };
}
