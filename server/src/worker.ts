// `npm run worker`: a process that only consumes result jobs from Redis (ROLE=worker whatever ROLE says).
import { DatabaseUnreachable, SchemaNotCurrent } from './db/client.js';
import { EnvError, loadEnvOrExit } from './runtime/env.js';
import { runWorkerProcess } from './cluster/worker-process.js';
import { ServiceUnreachable } from './cluster/start-checks.js';
import { quotaLedger } from './modules/quota/index.js';
import { exportWorkFromEnv } from './modules/exports/index.js';

const env = loadEnvOrExit('worker');
runWorkerProcess(env, quotaLedger, (db, store, log) => exportWorkFromEnv(env, { db, store, log })).catch((error) => {
  if (
    error instanceof EnvError ||
    error instanceof DatabaseUnreachable ||
    error instanceof SchemaNotCurrent ||
    error instanceof ServiceUnreachable
  )
    console.error(`Lightpix cannot start.\n${error.message}`);
  else console.error('Lightpix worker failed to start:', error);
  process.exit(1);
});
