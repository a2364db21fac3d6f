import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { sweepExpired, type SweepReport } from '../modules/images/sweeper.js';
import { recordUptimeMinute } from '../modules/stats/service.js';
import type { ResultStore } from '../storage/result-store.js';

/** Every minute: expired files and dead reservations go within a minute of their time. */
export const SWEEP_INTERVAL_MS = 60 * 1000;
export const UPTIME_INTERVAL_MS = 60 * 1000;

/**
 * The retention sweep, in one instance at a time: null when another instance is sweeping now, which
 * covers this turn too (docs/decisions/0062).
 */
export async function sweepOnce(database: DatabaseHandle, store: ResultStore, now: Date, staleAfterMs?: number): Promise<SweepReport | null> {
  let report: SweepReport | null = null;
  await database.runAlone('retention-sweep', async () => {
    report = await sweepExpired(database.db, store, now, staleAfterMs);
  });
  return report;
}

/**
 * Records the current minute as up, in one instance at a time; the landing page's uptime is the share
 * of minutes recorded, so it is measured, not claimed. False when another instance is recording.
 */
export function sampleUptimeOnce(database: DatabaseHandle, now: Date): Promise<boolean> {
  return database.runAlone('uptime-sample', () => recordUptimeMinute(database.db, now));
}

/**
 * Runs both once (resolving when done, so a lone instance's first sweep ends before it takes requests),
 * then on their intervals; stop waits for a turn in progress. A lone instance's first sweep gives back
 * every 'processing' reservation at once: none of its jobs can be running.
 */
export async function startBackgroundTasks(deps: { database: DatabaseHandle; store: ResultStore; log: FastifyBaseLogger; now?: () => Date; loneInstance?: boolean }) {
  const { database, store, log } = deps;
  const now = deps.now ?? (() => new Date());
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };
  const sweep = (staleAfterMs?: number) =>
    track(
      sweepOnce(database, store, now(), staleAfterMs).then(
        (report) => log.info(report ?? { skipped: 'another instance is sweeping' }, 'retention sweep'),
        (error) => log.error({ err: error }, 'retention sweep failed'),
      ),
    );
  const sample = () => track(sampleUptimeOnce(database, now()).catch((error) => log.warn({ err: error }, 'uptime not recorded')));
  await Promise.all([sweep(deps.loneInstance ? 0 : undefined), sample()]);
  const timers = [setInterval(() => sweep(), SWEEP_INTERVAL_MS), setInterval(sample, UPTIME_INTERVAL_MS)];
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
