import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.js';

/** Every minute: expired files and dead reservations go within a minute of their time. */
export const SWEEP_INTERVAL_MS = 60 * 1000;
export const UPTIME_INTERVAL_MS = 60 * 1000;

/**
 * The work of each turn, handed in by main.ts (cluster/ never imports modules/): the retention sweep
 * (modules/retention) and the uptime sample (modules/stats).
 */
export interface BackgroundWork<Report extends object = object> {
  /** `staleAfterMs: 0` gives back every reservation (a lone instance's start); undefined, the usual age. */
  sweep(db: Database, now: Date, staleAfterMs?: number): Promise<Report>;
  recordUptime(db: Database, now: Date): Promise<void>;
}

/**
 * The retention sweep, in one instance at a time: null when another instance is sweeping now, which
 * covers this turn too (docs/decisions/0062).
 */
export async function sweepOnce<Report extends object>(
  database: DatabaseHandle,
  sweep: BackgroundWork<Report>['sweep'],
  now: Date,
  staleAfterMs?: number,
): Promise<Report | null> {
  let report: Report | null = null;
  await database.runAlone('retention-sweep', async () => {
    report = await sweep(database.db, now, staleAfterMs);
  });
  return report;
}

/**
 * Records the current minute as up, in one instance at a time; the landing page's uptime is the share
 * of minutes recorded, so it is measured, not claimed. False when another instance is recording.
 */
export function sampleUptimeOnce(database: DatabaseHandle, recordUptime: BackgroundWork['recordUptime'], now: Date): Promise<boolean> {
  return database.runAlone('uptime-sample', () => recordUptime(database.db, now));
}

/**
 * Runs both once (resolving when done, so a lone instance's first sweep ends before it takes requests),
 * then on their intervals; stop waits for a turn in progress. A lone instance's first sweep gives back
 * every 'processing' reservation at once: none of its jobs can be running.
 */
export async function startBackgroundTasks(deps: {
  database: DatabaseHandle;
  work: BackgroundWork;
  log: FastifyBaseLogger;
  now?: () => Date;
  loneInstance?: boolean;
}) {
  const { database, work, log } = deps;
  const now = deps.now ?? (() => new Date());
  const running = new Set<Promise<unknown>>();
  const track = (task: Promise<unknown>) => {
    running.add(task);
    void task.finally(() => running.delete(task));
    return task;
  };
  const sweep = (staleAfterMs?: number) =>
    track(
      sweepOnce(database, work.sweep, now(), staleAfterMs).then(
        (report) => log.info(report ?? { skipped: 'another instance is sweeping' }, 'retention sweep'),
        (error) => log.error({ err: error }, 'retention sweep failed'),
      ),
    );
  const sample = () =>
    track(sampleUptimeOnce(database, work.recordUptime, now()).catch((error) => log.warn({ err: error }, 'uptime not recorded')));
  await Promise.all([sweep(deps.loneInstance ? 0 : undefined), sample()]);
  const timers = [setInterval(() => sweep(), SWEEP_INTERVAL_MS), setInterval(sample, UPTIME_INTERVAL_MS)];
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
