// bench:ops' server for the cost of metrics: the app over the embedded database, as buildApp makes it in
// production, with request metrics on (`on`) or off (`off`), listening on PORT. It prints "listening".
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.js';
import { openDatabase } from '../server/src/db/client.js';
import { parseEnv } from '../server/src/runtime/env.js';
import { fileResultStore } from '../server/src/storage/result-store.js';

const requestMetrics = process.argv[2] !== 'off';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-ops-metrics-'));
const env = parseEnv({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
const database = await openDatabase({ dataDir, migrate: 'apply' });
const app = await buildApp({ env, database, store: fileResultStore(path.join(dataDir, 'results')), requestMetrics, logger: false });
await app.listen({ port: env.PORT, host: '127.0.0.1' });
console.log('listening');
process.once('SIGTERM', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});
