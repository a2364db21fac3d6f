import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/modules/retention/index.js';
import { createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('results and retention on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '100', RETENTION_HOURS: '2' });
  });
  afterAll(() => t.close());

  it('lets only the owner download; anyone else gets 404', async () => {
    const owner = visitor(t.app, '203.0.113.20');
    const record = (await owner.process(await fixture('photo.jpg'), 'mine.jpg')).json();
    expect((await owner.get(record.objectPath)).statusCode).toBe(200);

    const stranger = visitor(t.app, '203.0.113.21');
    const response = await stranger.get(record.objectPath);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: record.objectPath })).statusCode).toBe(404);
    expect((await owner.get('/api/images/no-such-id/download')).statusCode).toBe(404);
  });

  it('deletes files after RETENTION_HOURS; the download then answers 410', async () => {
    const owner = visitor(t.app, '203.0.113.22');
    const record = (await owner.process(await fixture('photo.jpg'), 'old.jpg')).json();
    expect(await readdir(t.resultsDir)).toContain(`${record.id}.jpg`);

    t.clock.advanceHours(1);
    expect((await sweepExpired(t.database.db, t.store, t.clock.now())).expired).toBe(0);
    expect((await owner.get(record.objectPath)).statusCode).toBe(200);

    t.clock.advanceHours(1.5);
    const report = await sweepExpired(t.database.db, t.store, t.clock.now());
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await readdir(t.resultsDir)).not.toContain(`${record.id}.jpg`);
    const response = await owner.get(record.objectPath);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('result_expired');
  });

  it('deletes the file when the download says 410, without waiting for the sweep', async () => {
    const owner = visitor(t.app, '203.0.113.23');
    const record = (await owner.process(await fixture('photo.jpg'), 'due.jpg')).json();
    expect(await readdir(t.resultsDir)).toContain(`${record.id}.jpg`);
    t.clock.advanceHours(3);
    const response = await owner.get(record.objectPath);
    expect(response.statusCode).toBe(410);
    expect(await readdir(t.resultsDir)).not.toContain(`${record.id}.jpg`);
    expect((await owner.get(record.objectPath)).statusCode).toBe(410);
  });
});
