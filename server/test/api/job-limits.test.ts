import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKinds, fixture, testClock, visitor, type TestApp } from '../helpers.js';

/** 49 MP of one colour: 157 KB as a PNG, about 150 MB once decoded. */
const largePng = () =>
  sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#7090b0' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** This test process's image-job processes (their pids), from /proc. */
function jobProcessIds(): string[] {
  const children = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('job-child');
    } catch {
      return false;
    }
  });
}
const jobProcesses = () => jobProcessIds().length;

/** Samples the job processes' peak resident memory (the kernel's VmHWM) every few ms until stopped. */
function watchJobPeak() {
  let peak = 0;
  const timer = setInterval(() => {
    for (const pid of jobProcessIds()) {
      try {
        const kib = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        peak = Math.max(peak, kib * 1024);
      } catch {
        // The process ended between the listing and the read.
      }
    }
  }, 2);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

const MB = 1024 * 1024;
/** Above a job process's own ~125 MB (from the sources), below the ~450 MB the 49 MP PNG takes. */
const SMALL_BUDGET = 300 * MB;

// Jobs run in child processes (docs/decisions/0037-resource-limits.md); the limits are the app's, whatever the database.
const [kind] = databaseKinds;

describe('image jobs are ended when they pass their limits', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await fixture('photo.jpg');
  });

  it('ends a job past its wall-clock limit with 422 image_too_complex and gives the unit back', async () => {
    const t = await createTestApp(kind!, { QUOTA_GUEST: '5' }, testClock(), {
      queueLimits: { concurrency: 1, maxWaiting: 4, wallLimitMs: 5 },
    });
    try {
      const client = visitor(t.app, '198.18.3.1');
      const response = await client.process(photo, 'slow.jpg', { quality: 'smart' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({ code: 'image_too_complex', message: expect.stringMatching(/too long/) });
      expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('ends a job process that waits for work past its idle time, and starts another for the next image', async () => {
    const t = await createTestApp(kind!, { QUOTA_GUEST: '5' }, testClock(), {
      queueLimits: { concurrency: 1, maxWaiting: 4, idleExitMs: 300 },
    });
    try {
      const client = visitor(t.app, '198.18.3.3');
      expect((await client.process(photo, 'first.jpg')).statusCode).toBe(201);
      await vi.waitFor(() => expect(jobProcesses()).toBe(0), { timeout: 20_000, interval: 100 });
      const next = await client.process(photo, 'next.jpg');
      expect(next.statusCode).toBe(201);
      expect((await client.get(next.json().objectPath)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

// The app reads the job process's memory from the outside and kills it at the budget (docs/decisions/0149).
describe.each(databaseKinds)('the job memory budget on %s', (kind) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    photo = await fixture('photo.jpg');
    t = await createTestApp(kind, { QUOTA_GUEST: '5' }, testClock(), {
      queueLimits: { concurrency: 1, maxWaiting: 4, memoryBudgetBytes: SMALL_BUDGET },
    });
  });
  afterAll(() => t.close());

  it('kills a job whose process passes the budget, within 10 %, answers 413 with the memory refusal, and a new worker serves the next image', async () => {
    const client = visitor(t.app, '198.18.3.2');
    const image = await largePng();
    const stop = watchJobPeak();
    const refused = await client.process(image, 'large.png');
    const peak = stop();
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({
      code: 'too_many_pixels',
      message: expect.stringMatching(/memory/),
      params: { reason: 'memory' },
    });
    expect(peak).toBeGreaterThan(SMALL_BUDGET * 0.9);
    expect(peak).toBeLessThanOrEqual(SMALL_BUDGET * 1.1);
    expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);

    const next = await client.process(photo, 'small.jpg');
    expect(next.statusCode).toBe(201);
    expect((await client.get(next.json().objectPath)).statusCode).toBe(200);
  });
});
