import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ResultStore } from '../../storage/result-store.js';

/** How long a store probe's answer is reused: a flood of health checks writes at most one probe per window. */
export const STORE_PROBE_TTL_MS = 5_000;

export type CheckState = 'ok' | 'unavailable';
export interface HealthReport {
  healthy: boolean;
  checks: { database: CheckState; resultsStore: CheckState };
}
type Log = { error: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/** Writes a tiny object and deletes it: the only proof that uploads can be stored right now. */
async function probeStore(store: ResultStore): Promise<void> {
  const key = `health-probe-${randomUUID()}.txt`;
  await store.put(key, Buffer.from('ok'));
  await store.delete(key);
}

/** Checks the database on every call and the results store at most once per `storeTtlMs`, concurrent calls sharing one probe. */
export function healthChecker(db: Database, store: ResultStore, now: () => Date, storeTtlMs = STORE_PROBE_TTL_MS) {
  let storeAnswer: { at: number; state: Promise<CheckState> } | null = null;

  const storeState = (log: Log): Promise<CheckState> => {
    const at = now().getTime();
    if (storeAnswer && at - storeAnswer.at < storeTtlMs) return storeAnswer.state;
    const state = probeStore(store).then(
      (): CheckState => 'ok',
      (error: unknown): CheckState => {
        log.error({ err: error, reason: (error as { reason?: string }).reason }, 'health check: results store cannot be written');
        return 'unavailable';
      },
    );
    storeAnswer = { at, state };
    return state;
  };

  const databaseState = (log: Log): Promise<CheckState> =>
    db.execute(sql`select 1`).then(
      (): CheckState => 'ok',
      (error: unknown): CheckState => {
        log.error({ err: error }, 'health check: database unreachable');
        return 'unavailable';
      },
    );

  return async (log: Log): Promise<HealthReport> => {
    const [database, resultsStore] = await Promise.all([databaseState(log), storeState(log)]);
    return { healthy: database === 'ok' && resultsStore === 'ok', checks: { database, resultsStore } };
  };
}

/** Readiness reuses a store probe this long: a bucket gone is seen within READY_WITHIN_MS (docs/decisions/0206). */
export const READY_STORE_PROBE_TTL_MS = 500;
/** A part that has not answered by then is unavailable: readiness answers within about 2 s whatever hangs. */
export const READY_PROBE_TIMEOUT_MS = 1_500;

/** One part of readiness beyond the database and the store (Redis, a worker seen): resolves or throws. */
export type ReadinessProbe = () => Promise<void>;

const withinTime = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * /api/health/ready: the database, the results store and every extra part, each given READY_PROBE_TIMEOUT_MS;
 * unhealthy names each part that failed (never why: that goes to the log).
 */
export function readinessChecker(db: Database, store: ResultStore, now: () => Date, parts: Record<string, ReadinessProbe>) {
  const basic = healthChecker(db, store, now, READY_STORE_PROBE_TTL_MS);
  return async (log: Log) => {
    const unavailable = { healthy: false, checks: { database: 'unavailable', resultsStore: 'unavailable' } } as HealthReport;
    const extra = Object.entries(parts).map(([name, probe]) =>
      withinTime(probe(), READY_PROBE_TIMEOUT_MS).then(
        (): [string, CheckState] => [name, 'ok'],
        (error: unknown): [string, CheckState] => {
          log.warn({ part: name, reason: error instanceof Error ? error.message : String(error) }, `readiness: ${name} unavailable`);
          return [name, 'unavailable'];
        },
      ),
    );
    const [report, ...others] = await Promise.all([withinTime(basic(log), READY_PROBE_TIMEOUT_MS).catch(() => unavailable), ...extra]);
    const checks: Record<string, CheckState> = { ...report.checks, ...Object.fromEntries(others) };
    return { healthy: Object.values(checks).every((state) => state === 'ok'), checks };
  };
}
