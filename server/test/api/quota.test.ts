import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, fixture, testClock, visitor, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('guest session and quota on %s', (kind) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    // Room in the queue for every upload of the races below: they test the quota, not back-pressure (engine.test.ts).
    t = await createTestApp(kind, { QUOTA_GUEST: '1' }, testClock(), { queueLimits: { concurrency: 2, maxWaiting: 16 } });
    photo = await fixture('photo.jpg');
  });
  afterAll(() => t.close());

  it('starts an anonymous session with the first image, in a signed, httpOnly, SameSite=Lax cookie', async () => {
    const client = visitor(t.app, '203.0.113.1');
    const before = await client.get('/api/session/current');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ tier: 'guest', imagesProcessed: 0, maxImages: 1, nextImageAt: null });
    // Reading the quota starts nothing (docs/decisions/0039).
    expect(before.headers['set-cookie']).toBeUndefined();
    const processed = await client.process(photo, 'a.jpg');
    expect(processed.statusCode).toBe(201);
    const setCookie = String(processed.headers['set-cookie']);
    expect(setCookie).toMatch(/^lightpix_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // The same cookie finds the same session again, and an unchanged session is not re-sent (30 days from its start).
    const response = await client.get('/api/session/current');
    expect(response.json()).toMatchObject({ imagesProcessed: 1 });
    expect(response.json().guestSessionId).toBe(response.json().id);
    const again = await client.get('/api/session/current');
    expect(again.json().id).toBe(response.json().id);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('ignores a forged cookie: the visitor is a new guest', async () => {
    const owner = visitor(t.app, '203.0.113.2');
    const processed = await owner.process(photo, 'a.jpg');
    expect(processed.statusCode).toBe(201);
    const first = await owner.get('/api/session/current');
    expect(first.json().imagesProcessed).toBe(1);
    const forged = owner.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/session/current',
      headers: { cookie: forged },
      remoteAddress: '203.0.113.250',
    });
    expect(response.json().id).not.toBe(first.json().id);
    expect(response.json().imagesProcessed).toBe(0);
  });

  it('counts the image, then refuses the next with 429 until 24 hours have passed', async () => {
    const client = visitor(t.app, '203.0.113.3');
    expect((await client.process(photo, 'a.jpg')).statusCode).toBe(201);
    const session = (await client.get('/api/session/current')).json();
    expect(session).toMatchObject({ imagesProcessed: 1, maxImages: 1 });
    expect(new Date(session.nextImageAt).getTime()).toBe(t.clock.now().getTime() + 24 * 3600 * 1000);

    const refused = await client.process(photo, 'b.jpg');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('quota_exceeded');

    t.clock.advanceHours(24);
    expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);
    expect((await client.process(photo, 'c.jpg')).statusCode).toBe(201);
  });

  it('counts per client IP too: a new session from the same address gets no more', async () => {
    expect((await visitor(t.app, '203.0.113.4').process(photo, 'a.jpg')).statusCode).toBe(201);
    const sameAddress = visitor(t.app, '203.0.113.4');
    expect((await sameAddress.get('/api/session/current')).json().imagesProcessed).toBe(1);
    expect((await sameAddress.process(photo, 'b.jpg')).statusCode).toBe(429);
    expect((await visitor(t.app, '203.0.113.5').process(photo, 'c.jpg')).statusCode).toBe(201);
  });

  it('admits exactly one of 12 parallel uploads with one unit left', async () => {
    const client = visitor(t.app, '203.0.113.6');
    await client.get('/api/session/current');
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => client.process(photo, `${i}.jpg`)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(1);
  });

  it('reads the client IP from X-Forwarded-For only when TRUST_PROXY is on', async () => {
    const untrusted = visitor(t.app, '203.0.113.7');
    expect((await untrusted.process(photo, 'a.jpg', {}, { 'x-forwarded-for': '198.18.0.1' })).statusCode).toBe(201);
    const spoofing = visitor(t.app, '203.0.113.7');
    expect((await spoofing.process(photo, 'b.jpg', {}, { 'x-forwarded-for': '198.18.0.2' })).statusCode).toBe(429);
  });

  // The proxy appends the address it saw; whatever the client wrote before it is not believed.
  it.each([
    ['a hop count', '1', '10.0.0.1'],
    ["'true' (one proxy)", 'true', '10.0.0.1'],
    ['the proxy address', '10.0.0.1', '10.0.0.1'],
    ['a CIDR of proxies', '10.0.0.0/8, 192.0.2.1', '10.9.8.7'],
  ])('with TRUST_PROXY as %s, a spoofed leftmost X-Forwarded-For entry does not free the guest quota', async (_name, setting, proxy) => {
    const behindProxy = await createTestApp(kind, { QUOTA_GUEST: '1', TRUST_PROXY: setting });
    try {
      const alice = visitor(behindProxy.app, proxy);
      expect((await alice.process(photo, 'a.jpg', {}, { 'x-forwarded-for': '198.18.0.1' })).statusCode).toBe(201);
      const bob = visitor(behindProxy.app, proxy);
      expect((await bob.process(photo, 'b.jpg', {}, { 'x-forwarded-for': '198.18.0.2' })).statusCode).toBe(201);
      const aliceSpoofing = visitor(behindProxy.app, proxy);
      const spoofed = await aliceSpoofing.process(photo, 'c.jpg', {}, { 'x-forwarded-for': '6.6.6.6, 198.18.0.1' });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });

  it('with two proxies trusted, takes the address two hops from the right', async () => {
    const behindTwo = await createTestApp(kind, { QUOTA_GUEST: '1', TRUST_PROXY: '2' });
    try {
      const first = visitor(behindTwo.app, '10.0.0.1');
      expect((await first.process(photo, 'a.jpg', {}, { 'x-forwarded-for': '198.18.0.1, 10.0.0.2' })).statusCode).toBe(201);
      const spoofing = visitor(behindTwo.app, '10.0.0.1');
      const spoofed = await spoofing.process(photo, 'b.jpg', {}, { 'x-forwarded-for': '6.6.6.6, 198.18.0.1, 10.0.0.3' });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await behindTwo.close();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const listed = await createTestApp(kind, { QUOTA_GUEST: '1', TRUST_PROXY: '10.0.0.1' });
    try {
      expect((await visitor(listed.app, '203.0.113.8').process(photo, 'a.jpg', {}, { 'x-forwarded-for': '198.18.0.1' })).statusCode).toBe(
        201,
      );
      const direct = await visitor(listed.app, '203.0.113.8').process(photo, 'b.jpg', {}, { 'x-forwarded-for': '198.18.0.2' });
      expect(direct.statusCode).toBe(429);
    } finally {
      await listed.close();
    }
  });

  it('tells a registered user at the limit the start of next month (UTC), when the allowance renews', async () => {
    const monthly = await createTestApp(kind, { QUOTA_FREE: '1' }, testClock(new Date('2026-11-30T23:30:00Z')));
    try {
      const client = visitor(monthly.app, '203.0.113.9');
      await client.post('/api/auth/register', {
        email: 'monthly@example.com',
        password: 'correct horse battery',
        firstName: 'M',
        lastName: 'O',
      });
      expect((await client.get('/api/session/current')).json()).toMatchObject({ tier: 'registered', maxImages: 1, nextImageAt: null });
      expect((await client.process(photo, 'a.jpg')).statusCode).toBe(201);
      expect((await client.get('/api/session/current')).json()).toMatchObject({
        imagesProcessed: 1,
        nextImageAt: '2026-12-01T00:00:00.000Z',
      });
      monthly.clock.advanceHours(1);
      expect((await client.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 0, nextImageAt: null });
    } finally {
      await monthly.close();
    }
  });

  it('serves the plan table with the configured limits', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    const plans = response.json().plans;
    expect(plans.map((p: { tier: string }) => p.tier)).toEqual(['guest', 'registered', 'premium']);
    expect(plans[0]).toMatchObject({ maxImages: 1, window: 'rolling-24h', filesPerSelection: 1, outputFormats: ['jpeg', 'png', 'webp'] });
    expect(plans[1]).toMatchObject({ maxImages: 10, window: 'calendar-month' });
    expect(plans[2]).toMatchObject({ maxImages: null, filesPerSelection: 100, priceEurCents: 200 });
  });
});
