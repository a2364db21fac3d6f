import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, signedUp } from '../developers.js';
import { addressPool, createTestApp, databaseKinds, fixture, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.45');

describe.each(databaseKinds)('the API’s Location on %s', (kind) => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await sharp(await fixture('photo.jpg'))
      .resize(120)
      .jpeg()
      .toBuffer();
  });

  async function shrinkThrough(t: TestApp, headers: Record<string, string>, remoteAddress: string) {
    const person = await signedUp(t.app, nextIp(), `location-${kind}-${Math.random()}@example.com`);
    const key = (await person.client.post('/api/keys', { name: 'location' })).json().key as string;
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/shrink',
      headers: { authorization: basicAuth(key), 'content-type': 'image/jpeg', ...headers },
      payload: photo,
      remoteAddress,
    });
  }

  describe('with PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { PUBLIC_URL: 'http://lightpix.example:8080', TRUST_PROXY: '1' });
    });
    afterAll(() => t.close());

    it('is under PUBLIC_URL whatever Host and X-Forwarded-Host say, through the proxy or around it', async () => {
      const response = await shrinkThrough(
        t,
        { host: '10.0.0.5:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
        '10.0.0.1',
      );
      expect(response.statusCode).toBe(201);
      expect(response.headers.location).toMatch(/^http:\/\/lightpix\.example:8080\/api\/v1\/output\/[0-9a-f-]{36}$/);
      expect(response.json().output.url).toBe(response.headers.location);
    });
  });

  describe('without PUBLIC_URL, behind a listed proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { TRUST_PROXY: '10.0.0.1', ALLOWED_HOSTS: 'app.internal' });
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-Host from a client that reached the app’s port without the proxy', async () => {
      const response = await shrinkThrough(t, { host: 'app.internal:3000', 'x-forwarded-host': 'evil.example' }, '203.0.113.60');
      expect(response.statusCode).toBe(201);
      expect(response.headers.location).toMatch(/^http:\/\/app\.internal:3000\/api\/v1\/output\//);
    });

    it('refuses a Host or a proxy’s X-Forwarded-Host outside the listening address and ALLOWED_HOSTS with 400, before any work', async () => {
      for (const [headers, remoteAddress] of [
        [{ host: 'evil.example:3000' }, '203.0.113.61'],
        [{ host: 'app.internal:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }, '10.0.0.1'],
      ] as const) {
        const response = await shrinkThrough(t, headers, remoteAddress);
        expect(response.statusCode).toBe(400);
        // The developer API's own error shape (Tinify's), naming both settings.
        expect(response.json()).toMatchObject({ error: 'BadRequest', message: expect.stringContaining('ALLOWED_HOSTS') });
        expect(response.headers.location).toBeUndefined();
      }
      // Through the listed proxy, an allowed name is answered and written; so are the loopback names.
      const proxied = await shrinkThrough(
        t,
        { host: '10.0.0.5:3000', 'x-forwarded-host': 'app.internal', 'x-forwarded-proto': 'https' },
        '10.0.0.1',
      );
      expect(proxied.statusCode).toBe(201);
      expect(proxied.headers.location).toMatch(/^https:\/\/app\.internal\/api\/v1\/output\//);
      const local = await shrinkThrough(t, { host: '127.0.0.1:3000' }, '203.0.113.62');
      expect(local.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/v1\/output\//);
    });
  });
});
