import { AsyncLocalStorage } from 'node:async_hooks';
import type { ResultRow } from '../db/schema/index.js';
import { AppError } from '../core/errors.js';
import { RETRY_AFTER_MAX_SECONDS, RETRY_AFTER_MIN_SECONDS, serverBusy, type QueueLimits } from './queue.js';
import { metrics, setWaitingSource } from './metrics.js';
import { produceResult, type ResultJob, type ResultJobDeps } from './result-job.js';

/**
 * The seam for result jobs (an image, a transform, a deck): the job's child processes on this machine
 * without Redis (localResultQueue), BullMQ jobs consumed by workers with it (bullmq-queue.ts). Either
 * way the job itself completes the result row, or gives its unit back when it fails.
 */
export interface ResultQueue {
  /** 503 before the caller spends anything (reads a body, reserves a unit) on a job we cannot take. */
  assertRoom(): Promise<void>;
  /**
   * The queue's door for a request whose file has arrived: runs `work` holding a waiting place, taken
   * before it writes a session or reserves a unit and freed when it ends, unless the job it queues took
   * it over; 503 when none is left, so of a burst that passed assertRoom together only as many go on as
   * fit (docs/decisions/0082, 0270). The routes of uploads, API shrinks and transforms and decks call it.
   */
  admitted<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs the job to its end; rejects with its error or JobStillRunning (the caller, reserveAndProduce, gives the unit back).
   * The job takes its request's place. Gives the completed row when this process completed it, null when a worker elsewhere did (the caller reads it).
   */
  produce(job: ResultJob, data: Buffer): Promise<ResultRow | null>;
  /** Accepts the job and returns at once; the row, or failureOf, tells its outcome later. The job takes its request's place. */
  start(job: ResultJob, data: Buffer): Promise<void>;
  /** Why a started job failed, for its owner, while that is remembered (an hour); null when unknown. */
  failureOf(resultId: string, owner: string): Promise<AppError | null>;
  /** Waits for the jobs this process runs and accepts no more. */
  close(): Promise<void>;
}

/** The job outlived the request's wait: it stays reserved, and its result appears in the owner's results once done. */
export class JobStillRunning extends AppError {
  constructor() {
    super('server_busy', 'Your file is still being processed; it will appear in your results when it is done.', undefined, {
      'Retry-After': '30',
    });
    // Marked so a client does not send the file again: it would be processed twice (docs/decisions/0162).
    this.params = { reason: 'still_running' };
  }
}

/** How long the reason a started job failed is kept for its owner to read. */
export const FAILURE_KEPT_MS = 3600 * 1000;

/** A job's error as its client sees it: an AppError as it is, anything else a 500 that shows nothing. */
export function clientError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('internal', 'Something went wrong on our side. Please try again.');
}

/**
 * What the request running here carries into the jobs it makes, with no signature passing it on: its id,
 * so a worker's lines name it (docs/decisions/0240), and the waiting place it holds (docs/decisions/0270).
 */
interface RequestScope {
  requestId?: string;
  place?: Admission;
}
const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs the rest of a request under its id: app.ts's preHandler. */
export function withRequestId(requestId: string, next: () => void): void {
  requestScope.run({ requestId }, next);
}

/** The id of the request a job is being made for (a result's, or an export's). */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/** A waiting place held by a request whose file has arrived (docs/decisions/0082); release() frees it (safe to call twice). */
export interface Admission {
  release(): void;
}

/** An admission that calls giveBack the first time it is released, never again. */
export function heldAdmission(giveBack: () => void): Admission {
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      giveBack();
    },
  };
}

/**
 * The result queue's door: runs `work` holding `place`; the job `work` queues takes the place over
 * (placeTakenByJob), and whatever is left of it is freed when `work` ends, answered or failed.
 */
export async function holdingPlace<T>(place: Admission, work: () => Promise<T>): Promise<T> {
  try {
    return await requestScope.run({ ...requestScope.getStore(), place }, work);
  } finally {
    place.release();
  }
}

/** A job is being queued: the place its request held becomes the job's (a no-op for a request that held none). */
export function placeTakenByJob(): void {
  requestScope.getStore()?.place?.release();
}

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

/**
 * Whose line a job waits in, and how many workers its owner may hold (docs/decisions/0147).
 * `owner` is the account, else the guest session.
 */
export interface LinePlace {
  owner: string;
  /** A premium batch may use every worker while nobody else waits; any other owner at most half of them. */
  mayUseAllWorkers: boolean;
}

/**
 * Workers one owner may hold at once: half of them (at least one) while someone else's job waits or
 * for anyone but premium, all of them for a premium batch that waits alone (docs/decisions/0147).
 */
export function workersAllowed(workers: number, place: Pick<LinePlace, 'mayUseAllWorkers'>, othersWaiting: boolean): number {
  if (place.mayUseAllWorkers && !othersWaiting) return workers;
  return Math.max(1, Math.floor(workers / 2));
}

interface Waiting {
  start(): void;
}

interface Line {
  owner: string;
  mayUseAllWorkers: boolean;
  waiting: Waiting[];
  running: number;
}

export interface FairLines {
  /** Waits in its owner's line for a worker, runs `work` there, and gives the worker back. */
  run<T>(place: LinePlace, work: () => Promise<T>): Promise<T>;
  /** Jobs waiting in all lines. */
  readonly waiting: number;
}

/**
 * One line per owner, and workers that take from the lines in turn (round robin): a guest's one image
 * beside an account's flood starts as soon as a worker is free, not after the flood (docs/decisions/0147).
 * A line holds at most `maxWaitingPerLine` jobs; past that its owner is asked to retry (`refuse`, a 503),
 * so one flood cannot fill every waiting place.
 */
export function fairLines(workers: number, maxWaitingPerLine = Infinity, refuse: () => Error = serverBusy): FairLines {
  // Lines in the order they are served; a line leaves when it neither waits nor runs.
  const lines = new Map<string, Line>();
  let running = 0;
  let waiting = 0;
  // The owner served last: the next turn starts after it.
  let lastServed: string | null = null;

  function othersWait(line: Line): boolean {
    for (const other of lines.values()) if (other !== line && other.waiting.length > 0) return true;
    return false;
  }

  /** Lines in turn, starting after the one served last. */
  function inTurn(): Line[] {
    const all = [...lines.values()];
    const after = all.findIndex((line) => line.owner === lastServed) + 1;
    return [...all.slice(after), ...all.slice(0, after)];
  }

  function dispatch() {
    while (running < workers) {
      const next = inTurn().find((line) => line.waiting.length > 0 && line.running < workersAllowed(workers, line, othersWait(line)));
      if (!next) return;
      const job = next.waiting.shift()!;
      waiting--;
      next.running++;
      running++;
      lastServed = next.owner;
      job.start();
    }
  }

  function finished(line: Line) {
    line.running--;
    running--;
    if (line.running === 0 && line.waiting.length === 0) lines.delete(line.owner);
    dispatch();
  }

  return {
    get waiting() {
      return waiting;
    },
    run<T>(place: LinePlace, work: () => Promise<T>): Promise<T> {
      let line = lines.get(place.owner);
      if (line && line.waiting.length >= maxWaitingPerLine) return Promise.reject(refuse());
      if (!line) {
        line = { owner: place.owner, mayUseAllWorkers: place.mayUseAllWorkers, waiting: [], running: 0 };
        lines.set(place.owner, line);
      }
      line.mayUseAllWorkers = place.mayUseAllWorkers;
      const own = line;
      return new Promise<T>((resolve, reject) => {
        own.waiting.push({
          start() {
            work()
              .then(resolve, reject)
              .finally(() => finished(own));
          },
        });
        waiting++;
        dispatch();
      });
    },
  };
}

/**
 * The single-machine result queue: each job waits in its owner's line (fairLines above), runs here, its
 * pixel work in the process pool's child processes. `limits` are the pool's: as many jobs run as it
 * has workers, and at most maxWaiting wait, half of them in one line (docs/decisions/0147).
 */
export function localResultQueue(deps: ResultJobDeps, limits: QueueLimits): ResultQueue {
  const failures = new Map<string, { owner: string; error: AppError; at: number }>();
  const started = new Set<Promise<unknown>>();
  // Refusals ask the client back about when the running jobs will have freed places (0158).
  const retryAfter = retryAfterEstimate();
  const busy = () => serverBusy(retryAfter.seconds);
  const lines = fairLines(limits.concurrency, Math.max(1, Math.floor(limits.maxWaiting / 2)), busy);
  // Requests admitted but not yet in a line count as waiting, so a burst cannot all pass the check at once (0082).
  let admitted = 0;
  let closed = false;
  const isFull = () => closed || lines.waiting + admitted >= limits.maxWaiting;
  setWaitingSource(() => lines.waiting);
  const inLine = (job: ResultJob, data: Buffer) => {
    const queued = performance.now();
    return lines.run(job, async () => {
      const began = performance.now();
      metrics.jobWait.observe((began - queued) / 1000);
      try {
        return await produceResult(deps, job, data);
      } finally {
        retryAfter.jobTook(performance.now() - began);
      }
    });
  };
  return {
    async assertRoom() {
      if (isFull()) throw busy();
      // Asked as a request arrives, before its body: a job process starts while the upload is read (0154).
      deps.pool.warm();
    },
    async admitted(work) {
      if (isFull()) throw busy();
      admitted++;
      return holdingPlace(
        heldAdmission(() => admitted--),
        work,
      );
    },
    async produce(job, data) {
      // Given back in the same tick as the job is queued, so the job takes its place.
      placeTakenByJob();
      return inLine(job, data);
    },
    async start(job, data) {
      placeTakenByJob();
      if (isFull()) throw busy();
      const running = inLine(job, data).catch(async (error: unknown) => {
        const now = Date.now();
        for (const [id, failure] of failures) if (now - failure.at > FAILURE_KEPT_MS) failures.delete(id);
        // Known before the row goes, so a client polling never finds neither.
        failures.set(job.resultId, { owner: job.owner, error: clientError(error), at: now });
        await deps.ledger.giveBack(job.resultId);
      });
      started.add(running);
      void running.finally(() => started.delete(running));
    },
    async failureOf(resultId, owner) {
      const failure = failures.get(resultId);
      return failure && failure.owner === owner ? failure.error : null;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...started]);
      await deps.pool.close();
    },
  };
}
