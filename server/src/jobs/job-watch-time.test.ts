import { afterEach, describe, expect, it, vi } from 'vitest';
import { cpuTimeMs, jobTimer, TIME_CHECK_MS, watchJobTime, type TimeLimitPassed } from './job-watch.js';

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

describe('the CPU time read when the job could first have passed its limit (decision 0167)', () => {
  afterEach(() => vi.useRealTimers());

  it('waits as long as the CPU left takes on every core, down to the closest spacing near the limit', () => {
    const { at, clocks: c } = clocks();
    const timer = jobTimer(limits, c, 2);
    // 30 s of CPU left on two cores: no reading can find it passed before ~15 s (one /proc tick spared).
    expect(timer.nextReadingMs(TIME_CHECK_MS)).toBe((limits.cpuMs - 10) / 2);
    at.cpu! += 20_000;
    at.wall += 10_000;
    expect(timer.passed()).toBeNull();
    expect(timer.nextReadingMs(TIME_CHECK_MS)).toBe((10_000 - 10) / 2);
    at.cpu! += 9_950;
    expect(timer.passed()).toBeNull();
    expect(timer.nextReadingMs(TIME_CHECK_MS)).toBe(TIME_CHECK_MS);
    // Counted by the clock (no /proc), the limit's time grows one millisecond a millisecond.
    const blind = clocks(null);
    expect(jobTimer(limits, blind.clocks, 2).nextReadingMs(TIME_CHECK_MS)).toBe(limits.cpuMs - 10);
  });

  it('ends a job using every core within the closest spacing of its limit, reading it a few times instead of every 50 ms', () => {
    vi.useFakeTimers();
    const started = Date.now();
    let readings = 0;
    // The fastest a job's CPU time can grow: both cores busy all the time.
    const busy = {
      cpuMs: () => {
        readings++;
        return (Date.now() - started) * 2;
      },
      wallMs: () => Date.now(),
    };
    const passedAt: number[] = [];
    watchJobTime(busy, limits, () => passedAt.push(Date.now() - started), TIME_CHECK_MS, 2);
    vi.advanceTimersByTime(limits.cpuMs);
    expect(passedAt).toHaveLength(1);
    expect(passedAt[0]).toBeGreaterThanOrEqual(limits.cpuMs / 2);
    expect(passedAt[0]).toBeLessThanOrEqual(limits.cpuMs / 2 + TIME_CHECK_MS);
    // Halving the time left each reading: ~log2(15,000 / 50) readings, against 300 at a fixed 50 ms.
    expect(readings).toBeLessThan(20);
  });

  it('reads a job that gets little CPU again as its CPU time nears the limit, and ends it at most the closest spacing late', () => {
    vi.useFakeTimers();
    const started = Date.now();
    // A quarter of a core: the limit is passed after 120 s of the clock.
    const slow = { cpuMs: () => (Date.now() - started) / 4, wallMs: () => Date.now() };
    const passed: [TimeLimitPassed, number][] = [];
    watchJobTime(slow, limits, (limit) => passed.push([limit, Date.now() - started]), TIME_CHECK_MS, 2);
    vi.advanceTimersByTime(limits.cpuMs * 4 - TIME_CHECK_MS);
    expect(passed).toEqual([]);
    vi.advanceTimersByTime(TIME_CHECK_MS * 5);
    expect(passed).toHaveLength(1);
    expect(passed[0]![0]).toBe('cpu');
    expect(passed[0]![1]).toBeLessThanOrEqual(limits.cpuMs * 4 + TIME_CHECK_MS);
  });
});
