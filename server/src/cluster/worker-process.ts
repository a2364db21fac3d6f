import { openDatabase, type Database } from '../db/client.js';
import type { WorkerEnv } from '../runtime/env.js';
import { logProcessWarnings, workerLogger, type JobLog } from '../jobs/logging.js';
import type { ReservationLedger } from '../jobs/reservations.js';
import type { ExportWork } from '../jobs/export-jobs.js';
import type { ResultStore } from '../storage/result-store.js';
import { openResultStore } from '../storage/open.js';
import { startExportWorkerFor, startResultWorkerFor } from './jobs.js';
import { STOP_WITHIN_MS } from '../runtime/shutdown.js';
import { checkServicesAtStart } from './start-checks.js';
import { startMetricsServer } from '../jobs/metrics.js';

/**
 * A worker only: consumes result jobs from Redis, answers no HTTP; SIGTERM finishes the jobs in progress.
 * ledgerOf is modules/quota's quotaLedger and exportWorkOf modules/exports' work, handed in by the entry point
 * (cluster/ never imports modules/).
 */
export async function runWorkerProcess(
  env: WorkerEnv,
  ledgerOf: (db: Database) => ReservationLedger,
  exportWorkOf: (db: Database, store: ResultStore, log: JobLog) => Promise<{ work: ExportWork; close(): void }>,
): Promise<void> {
  // The same JSON lines as a web instance's (docs/decisions/0240).
  const log = workerLogger(env.LOG_LEVEL);
  logProcessWarnings(log);
  for (const [details, message] of await checkServicesAtStart(env)) log.warn(details, message);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    migrate: env.MIGRATE_ON_START ? 'apply' : 'require-current',
  });
  const store = openResultStore(env);
  const worker = await startResultWorkerFor(env, ledgerOf(database.db), store, log);
  const exports = await exportWorkOf(database.db, store, log);
  const exportWorker = await startExportWorkerFor(env, exports.work, log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down after its jobs in progress');
    // Within 10 s: a job not done by then stalls and goes to the next worker after JOB_STALL_SECONDS (docs/decisions/0205).
    setTimeout(() => {
      log.error({ afterMs: STOP_WITHIN_MS }, 'stopping took too long: exiting; its jobs go to the next worker');
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    try {
      await Promise.all([worker.close(), exportWorker.close()]);
      exports.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (env.METRICS_PORT) await startMetricsServer(env.METRICS_PORT, env.HOST);
  log.info({ database: database.kind, stallSeconds: env.JOB_STALL_SECONDS }, 'Lightpix worker is ready');
}
