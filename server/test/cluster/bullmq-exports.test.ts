import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@lightpix/shared';
import type { JobLog } from '../../src/jobs/bullmq-worker.js';
import { bullExportQueue, startExportWorker, type ExportQueue } from '../../src/jobs/export-jobs.js';
import { exportWork } from '../../src/modules/exports/index.js';
import { subscriber } from '../billing-helpers.js';
import { addressPool, createTestApp, databaseKinds, fixture, type TestApp } from '../helpers.js';
import { unzip } from '../zip.js';
import { clusterUnavailable, uniqueRedisPrefix } from './instances.js';

const unavailable = await clusterUnavailable();
const nextIp = addressPool('198.44');
const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.skipIf(unavailable).each(databaseKinds)('data exports through BullMQ on %s (decision 0250)', (kind) => {
  const redis = uniqueRedisPrefix();
  let queue: ExportQueue;
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof startExportWorker>>;
  beforeAll(async () => {
    queue = await bullExportQueue({ redisUrl: redis.url, redisPrefix: redis.prefix });
    t = await createTestApp(kind, {}, undefined, { exportJobs: queue });
    worker = await startExportWorker({
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      stallSeconds: 30,
      work: exportWork({
        db: t.database.db,
        store: t.store,
        now: t.clock.now,
        retentionHours: 24,
        billing: null,
        mailer: null,
        log: quiet,
      }),
      log: quiet,
    });
  });
  afterAll(async () => {
    await worker.close();
    await queue.close();
    await t.close();
    await redis.clear();
  });

  it('a worker makes the export the web side queued; the page sees it ready and downloads it', async () => {
    const { client, id } = await subscriber(t, nextIp());
    await client.process(await fixture('photo.jpg'), 'queued.jpg');
    expect((await client.post(apiPaths.accountExport, {})).statusCode).toBe(202);
    let current = (await client.get(apiPaths.accountExport)).json().export;
    for (let i = 0; i < 300 && current.status !== 'ready' && current.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = (await client.get(apiPaths.accountExport)).json().export;
    }
    expect(current.status).toBe('ready');
    const entries = await unzip((await client.get(current.downloadPath)).rawPayload);
    expect(entries.map((entry) => entry.name).sort()).toEqual(['README.txt', 'lightpix-data.json', 'results/queued.jpg']);
    const data = JSON.parse(entries.find((entry) => entry.name === 'lightpix-data.json')!.data.toString());
    expect(data.account.id).toBe(id);
  });
});
