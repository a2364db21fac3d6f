import { readdir, rm, writeFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileResultStore, type ResultStore } from '../../src/storage/result-store.js';
import { s3ResultStore } from '../../src/storage/s3-store.js';
import { startS3 } from '../cluster/s3.js';
import { createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.18.20.1' });

describe.each(databaseKinds)('GET /api/health and the results store on %s', (kind) => {
  let t: TestApp;
  // Every write the app makes to its results folder, the health probe's included.
  let writes = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, {
      store: (dir): ResultStore => {
        const real = fileResultStore(dir);
        return { ...real, put: (key, data) => ((writes += 1), real.put(key, data)) };
      },
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await rm(t.resultsDir, { recursive: true, force: true });
    t.clock.advanceHours(1);
  });

  it('answers 200 {"status":"ok"} when the database and the store work, leaving no probe file behind', async () => {
    const response = await health(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(await readdir(t.resultsDir)).toEqual([]);
  });

  it('answers 503 naming the results store when its folder cannot be written, and an upload gets 503 too', async () => {
    // A file where the folder should be: what a read-only or missing mount looks like, even to root.
    await writeFile(t.resultsDir, 'not a folder');
    const response = await health(t);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', resultsStore: 'unavailable' } });
    expect(response.body).not.toMatch(/ENOTDIR|EEXIST|\/tmp/);

    const guest = visitor(t.app, '198.18.20.2');
    const upload = await guest.process(await fixture('photo.jpg'), 'photo.jpg');
    expect(upload.statusCode).toBe(503);
    expect(upload.json().error).toMatchObject({ code: 'storage_unavailable', message: expect.stringMatching(/stored/) });
    // The refused upload used none of the guest's quota.
    expect((await guest.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 0 });
  });

  it('probes the store once for a flood of checks, and sees a repaired store once the answer is a few seconds old', async () => {
    await writeFile(t.resultsDir, 'not a folder');
    const before = writes;
    const flood = await Promise.all(Array.from({ length: 40 }, () => health(t)));
    expect(flood.map((r) => r.statusCode)).toEqual(Array(40).fill(503));
    expect(writes - before).toBe(1);

    await rm(t.resultsDir);
    expect((await health(t)).statusCode).toBe(503);
    t.clock.advanceHours(10 / 3600);
    expect((await health(t)).statusCode).toBe(200);
    expect(writes - before).toBe(2);
  });
});

describe.each(databaseKinds)('GET /api/health with an S3 results store on %s', (kind) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let reachable: TestApp;
  let missingBucket: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    reachable = await createTestApp(kind, {}, undefined, { store: () => s3ResultStore(s3.settings) });
    missingBucket = await createTestApp(kind, {}, undefined, { store: () => s3ResultStore({ ...s3.settings, bucket: 'no-such-bucket' }) });
  });
  afterAll(async () => {
    await reachable?.close();
    await missingBucket?.close();
    await s3?.close();
  });

  it('answers 200 while the bucket takes writes, leaving no probe object in it', async () => {
    const response = await health(reachable);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const left: string[] = [];
    for await (const key of s3ResultStore(s3.settings).listOlderThan(new Date(Date.now() + 60_000))) left.push(key);
    expect(left).toEqual([]);
  });

  it('answers 503 naming the results store when the bucket cannot be written', async () => {
    const response = await health(missingBucket);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', resultsStore: 'unavailable' } });
    expect(response.body).not.toMatch(/no-such-bucket|S3RVER/);
  });
});
