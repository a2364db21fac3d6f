import { DatabaseUnreachable, SchemaNotCurrent, openDatabase } from './db/client.js';
import { DataDirInUse, refuseIfServerRuns, serveControlSocket } from './db/control-socket.js';
import { EnvError, loadEnvOrExit } from './runtime/env.js';
import { buildApp } from './app.js';
import { startBackgroundTasks } from './cluster/background.js';
import { openExportQueue, openResultQueue, startExportWorkerFor, startResultWorkerFor } from './cluster/jobs.js';
import { openLimitsRedis } from './cluster/redis.js';
import { clusterReadiness } from './cluster/readiness.js';
import { startMetricsServer } from './jobs/metrics.js';
import pino from 'pino';
import { loggerOptions, logProcessWarnings } from './jobs/logging.js';
import { runWorkerProcess } from './cluster/worker-process.js';
import { checkServicesAtStart, ServiceUnreachable } from './cluster/start-checks.js';
import { openResultStore } from './storage/open.js';
import { retentionSettings, sweepExpired } from './modules/retention/index.js';
import { quotaLedger } from './modules/quota/index.js';
import { exportWorkFromEnv } from './modules/exports/index.js';
import { recordUptimeMinute } from './modules/stats/index.js';
import { JobStillRunning } from './jobs/result-queue.js';
import { stopWithin, stoppedBeforeDone } from './runtime/shutdown.js';
import { originWarnings } from './http/public-origin.js';
import { listeningNames } from './http/allowed-hosts.js';
import { missingMemorySettings } from './runtime/memory-settings.js';

async function main() {
  const startedAt = performance.now();
  const env = loadEnvOrExit();
  logProcessWarnings(pino(loggerOptions(env.ROLE, env.LOG_LEVEL)));
  // A worker instance answers no HTTP (the same as npm run worker).
  if (env.ROLE === 'worker') return runWorkerProcess(env, quotaLedger, (db, store, log) => exportWorkFromEnv(env, { db, store, log }));
  // Redis and the bucket answer before anything starts, else one line names the setting (docs/decisions/0206).
  const startNotes = await checkServicesAtStart(env);
  if (!env.DATABASE_URL) await refuseIfServerRuns(env.DATA_DIR);
  // Instances starting together migrate one at a time (docs/decisions/0062).
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    migrate: env.MIGRATE_ON_START ? 'apply' : 'require-current',
  });
  // The embedded database's backups are taken through this process (npm run backup, docs/decisions/0245).
  const control = database.pglite ? await serveControlSocket(env.DATA_DIR, database.pglite) : null;
  const store = openResultStore(env);
  const redis = env.REDIS_URL ? await openLimitsRedis(env.REDIS_URL) : null;
  const redisEnv = env.REDIS_URL ? { ...env, REDIS_URL: env.REDIS_URL } : null;
  // With Redis, jobs are BullMQ's (docs/decisions/0090); ROLE=all also consumes them here.
  const jobs = redisEnv ? await openResultQueue(redisEnv, quotaLedger(database.db)) : undefined;
  // Data exports too; without Redis the app makes them itself (docs/decisions/0250).
  const exportJobs = redisEnv ? await openExportQueue(redisEnv) : undefined;
  const readiness = clusterReadiness(env, redis);
  const app = await buildApp({ env, database, store, redis, jobs, exportJobs, readiness, logger: loggerOptions(env.ROLE, env.LOG_LEVEL) });
  const worker = redisEnv && env.ROLE === 'all' ? await startResultWorkerFor(redisEnv, quotaLedger(database.db), store, app.log) : null;
  const exportWorker =
    redisEnv && env.ROLE === 'all'
      ? await exportWorkFromEnv(env, { db: database.db, store, log: app.log }).then(async (exports) => ({
          exports,
          worker: await startExportWorkerFor(redisEnv, exports.work, app.log),
        }))
      : null;
  for (const [details, message] of startNotes) app.log.warn(details, message);
  // NODE_ENV=production given, as the production start does, yet not its memory settings (docs/decisions/0280); npm start says nothing.
  const memoryNote = process.env.NODE_ENV === 'production' ? missingMemorySettings() : null;
  if (memoryNote) app.log.warn(memoryNote);
  if (database.pglite && !control)
    app.log.warn({ dataDir: env.DATA_DIR }, 'DATA_DIR is too long a path for the backup socket: npm run backup needs the server stopped');
  // Links without PUBLIC_URL, and a proxy trusted by hop count (docs/decisions/0259).
  const answeredHosts = [...listeningNames({ listenHost: env.HOST }), ...env.ALLOWED_HOSTS];
  for (const message of originWarnings({
    nodeEnv: env.NODE_ENV,
    publicUrl: env.PUBLIC_URL,
    listenHost: env.HOST,
    port: env.PORT,
    trustProxy: env.TRUST_PROXY,
    answeredHosts,
  }))
    app.log.warn(message);
  redis?.on('error', (error) => app.log.warn({ err: error }, 'Redis unreachable: request limits let requests through'));
  // Each instance runs them, one instance at a time cluster-wide.
  // A lone instance (no REDIS_URL) has no job running yet: its first sweep gives back reservations left by a crash.
  const retention = retentionSettings(env);
  const background = await startBackgroundTasks({
    database,
    work: { sweep: (db, now, staleAfterMs) => sweepExpired(db, store, now, staleAfterMs, retention), recordUptime: recordUptimeMinute },
    log: app.log,
    loneInstance: !env.REDIS_URL,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Within 10 s: past its grace a request still waiting is answered, a lone instance's unit given back at its next start,
    // a Redis job left to the workers (docs/decisions/0205).
    await stopWithin(
      app,
      {
        drain: async () => {
          // Stops accepting connections, lets requests in flight finish, then the job queue finishes its jobs.
          // A kept-alive connection would hold close() for Fastify's 72 s keep-alive timeout: each goes once idle.
          const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
          await app.close();
          clearInterval(idleCloser);
          // BullMQ's worker finishes the jobs it holds before its connections close.
          await worker?.close();
          await exportWorker?.worker.close();
          exportWorker?.exports.close();
          await jobs?.close();
          await exportJobs?.close();
        },
        release: async () => {
          await background.stop();
          await control?.close();
          redis?.disconnect();
          await database.close();
        },
      },
      () => (jobs ? new JobStillRunning() : stoppedBeforeDone()),
    );
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  if (env.METRICS_PORT) await startMetricsServer(env.METRICS_PORT, env.HOST);
  app.log.info(
    {
      database: database.kind,
      role: env.ROLE,
      jobs: jobs ? 'redis' : 'in-process',
      dataDir: env.DATA_DIR,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Lightpix is ready on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`,
  );
}

main().catch((error) => {
  // A setting checked against a service at start-up (the Stripe price) names itself like a bad value does.
  if (
    error instanceof EnvError ||
    error instanceof DatabaseUnreachable ||
    error instanceof SchemaNotCurrent ||
    error instanceof DataDirInUse ||
    error instanceof ServiceUnreachable
  )
    console.error(`Lightpix cannot start.\n${error.message}`);
  else console.error('Lightpix failed to start:', error);
  process.exit(1);
});
