import { JOB_TIME_LIMIT_MS } from './limits.js';

/**
 * How long smart mode's and `auto`'s searches may probe, from the job's start: under half of the job's
 * time limit, so that on a busy machine the probe in flight and the final full-size encode (a 12 MP
 * AVIF takes ~1.2 s on a quiet core, ~10 s at load 16 on 2 cores) still end before the job is killed
 * (docs/decisions/0130-a-search-that-runs-out-of-time.md).
 */
export const SEARCH_TIME_MS = Math.round(JOB_TIME_LIMIT_MS * 0.45);

/** What a result's search did: ran to its end, or stopped at its deadline with the best it had verified. */
export type SearchOutcome = 'complete' | 'cut short';

/**
 * A search's deadline. Searches ask `passed` before each probe; once it answers true they stop with the
 * best setting already verified, and the search counts as cut short. The clock is injectable for tests.
 */
export class SearchDeadline {
  private cut = false;

  constructor(
    private readonly at: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A deadline `ms` from now on `now`'s clock. */
  static in(ms: number, now: () => number = () => performance.now()): SearchDeadline {
    return new SearchDeadline(now() + ms, now);
  }

  /** A search that may take as long as it needs (benchmarks that measure the search itself). */
  static none(): SearchDeadline {
    return new SearchDeadline(Infinity);
  }

  /** Whether the time is up; asked only before work a search would otherwise do, so a true answer cuts it short. */
  get passed(): boolean {
    if (!this.cut && this.now() >= this.at) this.cut = true;
    return this.cut;
  }

  get outcome(): SearchOutcome {
    return this.cut ? 'cut short' : 'complete';
  }
}
