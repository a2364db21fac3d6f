import { describe, expect, it } from 'vitest';
import { cpuTimeMs, jobTimer } from './time-watch.js';

/** A job process's CPU time and the wall clock, moved by hand. */
function clocks(cpu: number | null = 2000) {
  const at = { cpu, wall: 10_000 };
  return { at, clocks: { cpuMs: () => at.cpu, wallMs: () => at.wall } };
}
const limits = { cpuMs: 30_000, wallMs: 300_000 };

describe("a job's time, counted in its process's CPU time with a wall-clock backstop (decision 0158)", () => {
  it('passes the CPU limit once the process has used it since the job started', () => {
    const { at, clocks: c } = clocks();
    const timer = jobTimer(limits, c);
    at.cpu! += limits.cpuMs - 10;
    at.wall += limits.cpuMs;
    expect(timer.passed()).toBeNull();
    at.cpu! += 10;
    expect(timer.passed()).toBe('cpu');
  });

  it('lets a job that got little CPU run past the CPU limit by the clock, up to the backstop', () => {
    const { at, clocks: c } = clocks();
    const timer = jobTimer(limits, c);
    // A busy machine: 1/24 of a core for 200 s.
    at.wall += 200_000;
    at.cpu! += 200_000 / 24;
    expect(timer.passed()).toBeNull();
    at.wall += limits.wallMs - 200_000;
    expect(timer.passed()).toBe('wall');
  });

  it('ends a job that uses no CPU at all (hung) at the backstop', () => {
    const { at, clocks: c } = clocks();
    const timer = jobTimer(limits, c);
    at.wall += limits.wallMs - 1;
    expect(timer.passed()).toBeNull();
    at.wall += 1;
    expect(timer.passed()).toBe('wall');
  });

  it('counts the CPU limit by the clock where CPU time cannot be read, and passes nothing on a read that fails mid-job', () => {
    const blind = clocks(null);
    const timer = jobTimer(limits, blind.clocks);
    blind.at.wall += limits.cpuMs;
    expect(timer.passed()).toBe('cpu');

    const gone = clocks();
    const goneTimer = jobTimer(limits, gone.clocks);
    gone.at.cpu = null;
    gone.at.wall += limits.cpuMs;
    expect(goneTimer.passed()).toBeNull();
  });

  it("reads a live process's CPU time from /proc, growing as it works", () => {
    const before = cpuTimeMs(process.pid);
    expect(before).not.toBeNull();
    let spent = 0;
    while (cpuTimeMs(process.pid)! < before! + 50) spent++;
    expect(spent).toBeGreaterThan(0);
    expect(cpuTimeMs(2 ** 22 + 1)).toBeNull();
  });
});
