import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectImage } from '../images/inspect.js';
import type { AppJobs } from './handlers.js';
import { childProcessPool } from './process-pool.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
type Pool = ReturnType<typeof childProcessPool<AppJobs>>;

describe('a job process started while the upload arrives (decision 0154)', { timeout: 120_000 }, () => {
  let pool: Pool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('starts one process ahead of the job, once, and the job runs in it', async () => {
    pool = childProcessPool<AppJobs>({ concurrency: 2, maxWaiting: 8 });
    expect(pool.processes).toBe(0);
    pool.warm();
    expect(pool.processes).toBe(1);
    // A burst of requests arriving together starts no more than the one idle process.
    pool.warm();
    pool.warm();
    expect(pool.processes).toBe(1);
    const data = await readFile(path.join(fixtures, 'photo.jpg'));
    const options = { width: null, height: null, maintainRatio: true, format: 'jpeg' as const, quality: 75, maxBytes: null, keepMetadata: false };
    const result = await pool.run('image', { data, info: await inspectImage(data), options });
    expect(result.format).toBe('jpeg');
    // The job took the warmed process instead of starting its own.
    expect(pool.processes).toBe(1);
  });

  it('starts none once the pool is closed', async () => {
    pool = childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 4 });
    await pool.close();
    pool.warm();
    expect(pool.processes).toBe(0);
  });
});
