import { DatabaseUnreachable, openDatabase } from './db/client.js';
import { EnvError, parseEnv, type Env } from './env.js';
import { buildApp } from './app.js';
import { sweepExpired } from './modules/images/sweeper.js';
import { recordUptimeMinute } from './modules/stats/service.js';
import { openResultStore } from './storage/open.js';

/** Every minute: expired files and dead reservations go within a minute of their time. */
const SWEEP_INTERVAL_MS = 60 * 1000;
const UPTIME_INTERVAL_MS = 60 * 1000;

function loadEnv(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Lightpix cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const startedAt = performance.now();
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const store = openResultStore(env);
  const app = await buildApp({ env, database, store, logger: { level: env.LOG_LEVEL } });

  const sweep = () =>
    sweepExpired(database.db, store, new Date()).then(
      (report) => app.log.info(report, 'retention sweep'),
      (error) => app.log.error({ err: error }, 'retention sweep failed'),
    );
  // A lone instance (no REDIS_URL) has no job running yet: reservations left by a crash are given back now.
  await sweepExpired(database.db, store, new Date(), env.REDIS_URL ? undefined : 0).then(
    (report) => app.log.info(report, 'start-up sweep'),
    (error) => app.log.error({ err: error }, 'start-up sweep failed'),
  );
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  // The landing page's uptime is the share of minutes recorded here, so it is measured, not claimed.
  const recordUptime = () =>
    recordUptimeMinute(database.db, new Date()).catch((error) => app.log.warn({ err: error }, 'uptime not recorded'));
  await recordUptime();
  const uptimeRecorder = setInterval(recordUptime, UPTIME_INTERVAL_MS);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweeper);
    clearInterval(uptimeRecorder);
    // Stops accepting connections and lets requests in flight finish.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { database: database.kind, dataDir: env.DATA_DIR, startupMs: Math.round(performance.now() - startedAt) },
    `Lightpix is ready on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`,
  );
}

main().catch((error) => {
  // A setting checked against a service at start-up (the Stripe price) names itself like a bad value does.
  if (error instanceof EnvError || error instanceof DatabaseUnreachable) console.error(`Lightpix cannot start.\n${error.message}`);
  else console.error('Lightpix failed to start:', error);
  process.exit(1);
});
