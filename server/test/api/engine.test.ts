import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, fixture, testClock, visitor, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('engine options through the API on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  const client = () => visitor(t.app, `198.18.1.${++ip}`);
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '1000' });
  });
  afterAll(() => t.close());

  it('fits maxBytes, or answers 422 target_unreachable without using quota', async () => {
    const c = client();
    const fits = await c.process(await fixture('photo.jpg'), 'a.jpg', { maxBytes: '20000' });
    expect(fits.statusCode).toBe(201);
    expect(fits.json().processedSize).toBeLessThanOrEqual(20000);
    // A target size is a search too: it says how it ended (decision 0155).
    expect(fits.json().search).toBe('complete');
    const unreachable = await c.process(await fixture('photo.jpg'), 'a.jpg', { maxBytes: '500' });
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().error.code).toBe('target_unreachable');
    expect((await c.get('/api/session/current')).json().imagesProcessed).toBe(1);
    const invalid = await c.process(await fixture('photo.jpg'), 'a.jpg', { maxBytes: 'small' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.maxBytes).toBeDefined();
  });

  it('keeps EXIF only when keepMetadata=true', async () => {
    const c = client();
    const kept = (await c.process(await fixture('exif-camera.jpg'), 'a.jpg', { keepMetadata: 'true' })).json();
    expect((await sharp((await c.get(kept.objectPath)).rawPayload).metadata()).exif).toBeDefined();
    const stripped = (await c.process(await fixture('exif-camera.jpg'), 'a.jpg')).json();
    expect((await sharp((await c.get(stripped.objectPath)).rawPayload).metadata()).exif).toBeUndefined();
  });

  it('keeps an animated GIF animated under "keep original"', async () => {
    const c = client();
    const record = (await c.process(await fixture('animated.gif'), 'loop.gif')).json();
    expect(record.format).toBe('gif');
    const file = await c.get(record.objectPath);
    expect(file.headers['content-disposition']).toBe('attachment; filename="loop.gif"');
    expect((await sharp(file.rawPayload, { animated: true }).metadata()).pages).toBe(24);
  });

  it("accepts format=auto: a guest's photo comes back in the smallest of the guest formats, marked smart", async () => {
    const c = client();
    const response = await c.process(await fixture('photo.jpg'), 'photo.jpg', { format: 'auto' });
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(['jpeg', 'webp']).toContain(record.format);
    expect(record.smart).toBe(true);
    const file = await c.get(record.objectPath);
    expect((await sharp(file.rawPayload).metadata()).format).toBe(record.format);
    expect(file.headers['content-disposition']).toMatch(new RegExp(`photo\\.${record.format === 'jpeg' ? 'jpg' : 'webp'}`));
  });

  it('turns an iPhone HEIC into a JPEG under "keep original", named .jpg', async () => {
    const c = client();
    const response = await c.process(await fixture('heic/irot-and-exif-6.heic'), 'IMG_0001.HEIC');
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({ format: 'jpeg', width: 50, height: 70 });
    const file = await c.get(record.objectPath);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe('attachment; filename="IMG_0001.jpg"');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 50, height: 70 });
  });
});

describe.each(databaseKinds)('back-pressure on %s', (kind) => {
  it('answers 503 with Retry-After when the queue is full, and the refused files use no quota', async () => {
    const t = await createTestApp(kind, { QUOTA_GUEST: '1000' }, testClock(), { queueLimits: { concurrency: 1, maxWaiting: 1 } });
    try {
      const c = visitor(t.app, '198.18.2.1');
      const photo = await fixture('photo.jpg');
      const responses = await Promise.all(Array.from({ length: 8 }, () => c.process(photo, 'a.jpg', { quality: 'smart' })));
      const busy = responses.filter((r) => r.statusCode === 503);
      const done = responses.filter((r) => r.statusCode === 201);
      expect(busy.length).toBeGreaterThan(0);
      expect(done.length + busy.length).toBe(8);
      // From the queue's recent jobs: 5 s while they are quick, at most a minute (docs/decisions/0158).
      expect(Number(busy[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(5);
      expect(Number(busy[0]!.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(busy[0]!.json().error.code).toBe('server_busy');
      expect((await c.get('/api/session/current')).json().imagesProcessed).toBe(done.length);
    } finally {
      await t.close();
    }
  });
});
