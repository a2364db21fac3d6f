/** The shortest and longest Retry-After a full queue answers, in seconds (docs/decisions/0153, 0158). */
export const RETRY_AFTER_MIN_SECONDS = 5;
export const RETRY_AFTER_MAX_SECONDS = 60;
/** Jobs whose times the estimate averages: enough to smooth one odd job, few enough to follow the machine's load. */
const RECENT_JOBS = 8;

export interface RetryAfterEstimate {
  /** A job held a worker for `ms` (done, failed or killed). */
  jobTook(ms: number): void;
  /** About how long until each running job has ended once, freeing as many waiting places as there are workers: recent jobs' mean time. */
  readonly seconds: number;
}

/**
 * The Retry-After of a full queue, from how long its last jobs held a worker: 5 s on a quiet machine,
 * longer when a busy one makes every job slow, so a client that tries a set number of times is not
 * used up before a place could free for it. Not divided by the workers: refused clients compete for
 * each freed place, and with one place per return one of six came back 18 times (docs/decisions/0158).
 */
export function retryAfterEstimate(): RetryAfterEstimate {
  const recent: number[] = [];
  return {
    jobTook(ms) {
      recent.push(ms);
      if (recent.length > RECENT_JOBS) recent.shift();
    },
    get seconds() {
      if (recent.length === 0) return RETRY_AFTER_MIN_SECONDS;
      const meanMs = recent.reduce((sum, ms) => sum + ms, 0) / recent.length;
      return Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(RETRY_AFTER_MIN_SECONDS, Math.ceil(meanMs / 1000)));
    },
  };
}
