import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageRecord } from '@lightpix/shared';
import { users } from '../../src/db/schema/index.js';
import { addressPool, createTestApp, databaseKinds, fixture, testClock, type TestApp } from '../helpers.js';
import { basicAuth, signedUp } from '../developers.js';

const nextIp = addressPool('198.22');

/** An output's body is the image, so its search and look come as headers (docs/decisions/0156). */
describe.each(databaseKinds)("the API's outputs say their search and look on %s", (kind) => {
  let t: TestApp;
  let key = '';
  let person: Awaited<ReturnType<typeof signedUp>>;
  let small: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, testClock());
    small = await sharp(await fixture('photo.jpg'))
      .resize(240)
      .jpeg({ quality: 92 })
      .toBuffer();
    person = await signedUp(t.app, nextIp(), 'look@example.com');
    await t.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, person.userId));
    key = (await person.client.post('/api/keys', { name: 'look' })).json().key;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, body?: Buffer | object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: basicAuth(key), ...(Buffer.isBuffer(body) ? { 'content-type': 'image/jpeg' } : {}) },
      payload: body as never,
      remoteAddress: '203.0.113.42',
    });
  const newestRecord = async (): Promise<ImageRecord> => (await person.client.get('/api/images/history')).json().items[0];

  it('a shrink output carries the similarity and search of its shrink answer', async () => {
    const shrunk = await call('POST', '/api/v1/shrink', small);
    expect(shrunk.statusCode).toBe(201);
    const { output } = shrunk.json();
    const read = await call('GET', new URL(shrunk.headers.location as string).pathname);
    expect(read.statusCode).toBe(200);
    expect(Number(read.headers['image-similarity'])).toBe(output.similarity);
    expect(read.headers['image-search']).toBe(output.search);
  });

  it('a resized or converted output says how its search ended and how like its source it looks, as its result record does', async () => {
    const path = new URL((await call('POST', '/api/v1/shrink', small)).headers.location as string).pathname;
    for (const options of [{ resize: { method: 'scale', width: 120 } }, { convert: { type: '*/*' } }, { convert: { type: 'image/png' } }]) {
      // Each result a moment later than the last, so the newest in the history is this one.
      t.clock.advanceHours(0.01);
      const changed = await call('POST', path, options);
      expect(changed.statusCode).toBe(200);
      const similarity = Number(changed.headers['image-similarity']);
      expect(similarity).toBeGreaterThan(0.5);
      expect(similarity).toBeLessThanOrEqual(1);
      // 'cut short' only on a machine too busy to finish the search in time (docs/decisions/0130).
      expect(['complete', 'cut short']).toContain(changed.headers['image-search']);
      const record = await newestRecord();
      expect(record.processedSize).toBe(changed.rawPayload.length);
      expect([record.similarity, record.search]).toEqual([similarity, changed.headers['image-search']]);
    }
  });

  it('a fixed-quality result read through the API has a look but no search to report', async () => {
    const uploaded = await person.client.process(small, 'fixed.jpg', { quality: '60' });
    expect(uploaded.statusCode).toBe(201);
    const record = uploaded.json() as ImageRecord;
    expect(record.search).toBeNull();
    const read = await call('GET', `/api/v1/output/${record.id}`);
    expect(read.statusCode).toBe(200);
    expect(Number(read.headers['image-similarity'])).toBe(record.similarity);
    expect(read.headers['image-search']).toBeUndefined();
  });
});
