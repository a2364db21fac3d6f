import { JOB_TIME_LIMIT_MS } from './limits.js';

/**
 * How much of the job process's CPU time smart mode's and `auto`'s searches may spend on probes: under
 * half of the job's CPU limit, so that the probe in flight and the final full-size encode always fit in
 * the rest, however busy the machine (docs/decisions/0130, 0158-a-job-limit-counted-in-cpu-time.md).
 */
export const SEARCH_CPU_MS = Math.round(JOB_TIME_LIMIT_MS * 0.45);

/**
 * How long by the clock a search may probe: on a busy machine the person gets a verified result at the
 * look sooner, in a larger file, instead of waiting minutes for the last probes (0130's 13.5 s, 0158).
 */
export const SEARCH_WALL_MS = 13_500;

/** What a result's search did: ran to its end, or stopped at its deadline with the best it had verified. */
export type SearchOutcome = 'complete' | 'cut short';

const wallClock = () => performance.now();
/** This process's CPU time in ms, all threads: a job process runs one job at a time. */
const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * A search's deadline. Searches ask `passed` before each probe; once it answers true they stop with the
 * best setting already verified, and the search counts as cut short. The clocks are injectable for tests.
 */
export class SearchDeadline {
  private cut = false;
  private others: SearchDeadline[] = [];

  constructor(
    private readonly at: number,
    private readonly now: () => number = wallClock,
  ) {}

  /** A deadline `ms` from now on `now`'s clock. */
  static in(ms: number, now: () => number = wallClock): SearchDeadline {
    return new SearchDeadline(now() + ms, now);
  }

  /** A search that may take as long as it needs (benchmarks that measure the search itself). */
  static none(): SearchDeadline {
    return new SearchDeadline(Infinity);
  }

  /** Passes when the first of `deadlines` passes. */
  static first(...deadlines: SearchDeadline[]): SearchDeadline {
    const first = SearchDeadline.none();
    first.others = deadlines;
    return first;
  }

  /**
   * A job's search, from now: SEARCH_CPU_MS of the job process's CPU time or SEARCH_WALL_MS by the clock,
   * whichever passes first. The CPU half keeps the search clear of the job's CPU limit (0158).
   */
  static forJob(clocks: { cpuMs: () => number; wallMs: () => number } = { cpuMs: processCpuMs, wallMs: wallClock }): SearchDeadline {
    return SearchDeadline.first(SearchDeadline.in(SEARCH_CPU_MS, clocks.cpuMs), SearchDeadline.in(SEARCH_WALL_MS, clocks.wallMs));
  }

  /** Whether the time is up; asked only before work a search would otherwise do, so a true answer cuts it short. */
  get passed(): boolean {
    if (!this.cut && (this.now() >= this.at || this.others.some((deadline) => deadline.passed))) this.cut = true;
    return this.cut;
  }

  get outcome(): SearchOutcome {
    return this.cut ? 'cut short' : 'complete';
  }
}
