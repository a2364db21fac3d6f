import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectImage } from '../images/inspect.js';
import type { AppJobs } from './handlers.js';
import { canWatchMemory } from './job-watch.js';
import { childProcessPool, JOB_PROCESS_MALLOC, jobProcessEnv } from './process-pool.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
type Pool = ReturnType<typeof childProcessPool<AppJobs>>;
/** Jobs that burn CPU, sleep without it, or never answer (server/test/job-child-stub.ts). */
type StubJobs = {
  burn: (input: { ms: number }) => Promise<never>;
  sleep: (input: { ms: number }) => Promise<string>;
  hang: (input: { ms: number }) => Promise<never>;
};
const stubScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/job-child-stub.ts');

describe("a job process's allocator (decisions 0164, 0280)", () => {
  it("is glibc's with the job settings, not the jemalloc preloaded into the server; other preloads stay", () => {
    const server = { PATH: '/usr/bin', LD_PRELOAD: 'libjemalloc.so.2', MALLOC_CONF: 'background_thread:true' };
    expect(jobProcessEnv(server)).toEqual({ PATH: '/usr/bin', ...JOB_PROCESS_MALLOC });
    expect(jobProcessEnv({ ...server, LD_PRELOAD: '/opt/agent/libtrace.so /usr/lib/x86_64-linux-gnu/libjemalloc.so.2' }).LD_PRELOAD).toBe(
      '/opt/agent/libtrace.so',
    );
    expect(jobProcessEnv({ PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin', ...JOB_PROCESS_MALLOC });
  });
});

describe('a job process started while the upload arrives (decision 0154)', { timeout: 120_000 }, () => {
  let pool: Pool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('starts one process ahead of the job, once, and the job runs in it', async () => {
    pool = childProcessPool<AppJobs>({ concurrency: 2, maxWaiting: 8 });
    expect(pool.processes).toBe(0);
    pool.warm();
    expect(pool.processes).toBe(1);
    // A burst of requests arriving together starts no more than the one idle process.
    pool.warm();
    pool.warm();
    expect(pool.processes).toBe(1);
    const data = await readFile(path.join(fixtures, 'photo.jpg'));
    const options = {
      width: null,
      height: null,
      maintainRatio: true,
      format: 'jpeg' as const,
      quality: 75,
      maxBytes: null,
      keepMetadata: false,
    };
    const result = await pool.run('image', { data, info: await inspectImage(data), options });
    expect(result.format).toBe('jpeg');
    // The job took the warmed process instead of starting its own.
    expect(pool.processes).toBe(1);
  });

  it('starts none once the pool is closed', async () => {
    pool = childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 4 });
    await pool.close();
    pool.warm();
    expect(pool.processes).toBe(0);
  });
});

describe("a job timed on its process's CPU time, with a wall-clock backstop (decision 0158)", { timeout: 60_000 }, () => {
  let pool: ReturnType<typeof childProcessPool<StubJobs>> | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });
  const stubPool = (limits: { cpuLimitMs: number; wallLimitMs: number }) =>
    childProcessPool<StubJobs>({ concurrency: 1, maxWaiting: 2, jobScript: stubScript, ...limits });

  it('ends a job that burns CPU past its CPU limit, long before the backstop', async () => {
    pool = stubPool({ cpuLimitMs: 300, wallLimitMs: 600_000 });
    await expect(pool.run('burn', { ms: 0 })).rejects.toMatchObject({ code: 'image_too_complex' });
  });

  it('lets a job that sleeps, using no CPU, run past its CPU limit by the clock and answer', async () => {
    pool = stubPool({ cpuLimitMs: 200, wallLimitMs: 600_000 });
    await expect(pool.run('sleep', { ms: 1500 })).resolves.toBe('slept');
  });

  it('ends a hung job at the wall-clock backstop, and the next job gets a new process', async () => {
    pool = stubPool({ cpuLimitMs: 600_000, wallLimitMs: 500 });
    await expect(pool.run('hang', { ms: 0 })).rejects.toMatchObject({ code: 'image_too_complex' });
    await expect(pool.run('sleep', { ms: 10 })).resolves.toBe('slept');
  });
});

/** The /proc/<pid>/stat and statm files this process holds open, by the pid they read. */
function heldProcFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return /^\/proc\/\d+\/statm?$/.test(target) ? [target] : [];
    } catch {
      return [];
    }
  });
}
const childPids = () =>
  readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );

describe.runIf(canWatchMemory)(
  "a job process's /proc files, read through descriptors held for its life (decision 0164)",
  { timeout: 60_000 },
  () => {
    it('holds its stat and statm open across jobs, and closes them when it ends', async () => {
      const pool = childProcessPool<StubJobs>({ concurrency: 1, maxWaiting: 2, jobScript: stubScript });
      try {
        await expect(pool.run('sleep', { ms: 10 })).resolves.toBe('slept');
        await expect(pool.run('sleep', { ms: 10 })).resolves.toBe('slept');
        const [pid] = childPids();
        expect(
          heldProcFiles()
            .filter((file) => file.startsWith(`/proc/${pid}/`))
            .sort(),
        ).toEqual([`/proc/${pid}/stat`, `/proc/${pid}/statm`]);
      } finally {
        await pool.close();
      }
      while (pool.processes > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heldProcFiles()).toEqual([]);
    });
  },
);

/** How often a process's main thread has gone to sleep and been woken: once a timer's turn when idle. */
const wakes = (pid: string) =>
  Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, 'latin1'))![1]);

describe.runIf(canWatchMemory)('a job process whose memory the app watches (decision 0167)', { timeout: 60_000 }, () => {
  it('sleeps between jobs: it runs no memory check of its own', async () => {
    const pool = childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 2 });
    try {
      const data = await readFile(path.join(fixtures, 'photo.jpg'));
      const options = {
        width: null,
        height: null,
        maintainRatio: true,
        format: 'jpeg' as const,
        quality: 75,
        maxBytes: null,
        keepMetadata: false,
      };
      await pool.run('image', { data, info: await inspectImage(data), options });
      const pid = childPids().find((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('job-child'))!;
      await new Promise((resolve) => setTimeout(resolve, 200));
      const before = wakes(pid);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // Its own check every 25 ms woke it ~40 times a second.
      expect(wakes(pid) - before).toBeLessThan(5);
    } finally {
      await pool.close();
    }
  });
});
