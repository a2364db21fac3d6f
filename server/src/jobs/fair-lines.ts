import { serverBusy } from './queue.js';

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
