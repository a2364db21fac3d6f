import { DatabaseUnreachable, openDatabase } from './db/client.js';
import { EnvError, parseEnv, type Env } from './env.js';
import { buildApp } from './app.js';
import { startBackgroundTasks } from './cluster/background.js';
import { openLimitsRedis } from './cluster/redis.js';
import { openResultStore } from './storage/open.js';

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
  // Instances starting together migrate one at a time (docs/decisions/0062).
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const store = openResultStore(env);
  const redis = env.REDIS_URL ? await openLimitsRedis(env.REDIS_URL) : null;
  const app = await buildApp({ env, database, store, redis, logger: { level: env.LOG_LEVEL } });
  redis?.on('error', (error) => app.log.warn({ err: error }, 'Redis unreachable: request limits let requests through'));
  // Each instance runs them, one instance at a time cluster-wide.
  // A lone instance (no REDIS_URL) has no job running yet: its first sweep gives back reservations left by a crash.
  const background = await startBackgroundTasks({ database, store, log: app.log, loneInstance: !env.REDIS_URL });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Stops accepting connections, lets requests in flight finish, then the job queue finishes its jobs.
      await app.close();
      await background.stop();
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
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
