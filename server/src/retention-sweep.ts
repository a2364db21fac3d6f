import type { Database } from './db/client.js';
import type { ResultStore } from './storage/result-store.js';
import { sweepResults, type ResultsSweepReport } from './modules/results/index.js';
import { endExpiredSessions } from './modules/session/index.js';

export interface SweepReport extends ResultsSweepReport {
  sessions: number;
}

/**
 * The retention sweep each minute (cluster/background.ts runs it under a lock): result files past
 * retention and dead reservations (modules/results), then ended sessions (modules/session).
 * `staleAfterMs: 0` at the start of a lone instance.
 */
export async function sweepExpired(db: Database, store: ResultStore, now: Date, staleAfterMs?: number): Promise<SweepReport> {
  const report = await sweepResults(db, store, now, staleAfterMs);
  return { ...report, sessions: await endExpiredSessions(db, now) };
}
