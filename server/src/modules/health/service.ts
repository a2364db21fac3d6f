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
type Log = { error: (details: object, message: string) => void };

/** Writes a tiny object and deletes it: the only proof that uploads can be stored right now. */
async function probeStore(store: ResultStore): Promise<void> {
  const key = `health-probe-${randomUUID()}.txt`;
  await store.put(key, Buffer.from('ok'));
  await store.delete(key);
}

/** Checks the database on every call and the results store at most once per STORE_PROBE_TTL_MS, concurrent calls sharing one probe. */
export function healthChecker(db: Database, store: ResultStore, now: () => Date) {
  let storeAnswer: { at: number; state: Promise<CheckState> } | null = null;

  const storeState = (log: Log): Promise<CheckState> => {
    const at = now().getTime();
    if (storeAnswer && at - storeAnswer.at < STORE_PROBE_TTL_MS) return storeAnswer.state;
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
