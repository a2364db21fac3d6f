import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKinds, fixture, testClock, visitor, type TestApp } from '../helpers.js';

/** 49 MP of one colour: 157 KB as a PNG, about 150 MB once decoded. */
const largePng = () =>
  sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#7090b0' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** This test process's image-job processes, from /proc. */
function jobProcesses(): number {
  const children = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('job-child');
    } catch {
      return false;
    }
  }).length;
}

// Jobs run in child processes (docs/decisions/0037-resource-limits.md); the limits are the app's, whatever the database.
const [kind] = databaseKinds;

describe('image jobs are ended when they pass their limits', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await fixture('photo.jpg');
  });

  it('ends a job past its wall-clock limit with 422 image_too_complex and gives the unit back', async () => {
    const t = await createTestApp(kind!, { QUOTA_GUEST: '5' }, testClock(), { queueLimits: { concurrency: 1, maxWaiting: 4, timeLimitMs: 5 } });
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

  describe('memory', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind!, { QUOTA_GUEST: '5' }, testClock(), {
        queueLimits: { concurrency: 1, maxWaiting: 4, memoryBudgetBytes: 100 * 1024 * 1024 },
      });
    });
    afterAll(() => t.close());

    it('ends a job that grows its process past the memory budget with 413, and a new worker serves the next image', async () => {
      const client = visitor(t.app, '198.18.3.2');
      const refused = await client.process(await largePng(), 'large.png');
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error).toMatchObject({ code: 'too_many_pixels', message: expect.stringMatching(/memory/) });
      expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);

      const next = await client.process(photo, 'small.jpg');
      expect(next.statusCode).toBe(201);
      expect((await client.get(next.json().objectPath)).statusCode).toBe(200);
    });
  });

  it('ends a job process that waits for work past its idle time, and starts another for the next image', async () => {
    const t = await createTestApp(kind!, { QUOTA_GUEST: '5' }, testClock(), { queueLimits: { concurrency: 1, maxWaiting: 4, idleExitMs: 300 } });
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
