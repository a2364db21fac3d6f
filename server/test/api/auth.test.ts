import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, databaseKinds, fixture, testClock, visitor, type TestApp, addressPool } from '../helpers.js';

const nextIp = addressPool('198.19');
const person = (email: string, extra: Record<string, string> = {}) => ({
  email,
  password: 'correct horse battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
  ...extra,
});

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Room in the queue for every upload of the quota race below: it tests the quota, not back-pressure (engine.test.ts).
    t = await createTestApp(kind, { QUOTA_FREE: '3', ADMIN_EMAILS: 'boss@example.com', ALLOWED_HOSTS: 'lightpix.example' }, testClock(), {
      queueLimits: { concurrency: 2, maxWaiting: 24 },
    });
  });
  afterAll(() => t.close());

  it('registers, signs in with a new session id, and never shows the password hash', async () => {
    const client = visitor(t.app, nextIp());
    await client.get('/api/session/current');
    const guestCookie = client.cookie;
    const response = await client.post('/api/auth/register', person('  Ada@Example.com '));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', tier: 'registered', isAdmin: false });
    expect(response.json().username).toMatch(/^ada\d{4}$/);
    expect(client.cookie).not.toBe(guestCookie);
    const me = await client.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.body).not.toMatch(/password|argon/i);
    expect((await client.get('/api/session/current')).json()).toMatchObject({ tier: 'registered', maxImages: 3, imagesProcessed: 0 });
    // The old guest cookie no longer opens the signed-in session.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: guestCookie } });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toBeNull();
  });

  it('answers 409 for a taken e-mail in any case, and 400 naming each invalid field', async () => {
    await visitor(t.app, nextIp()).post('/api/auth/register', person('grace@example.com', { username: 'grace' }));
    const again = await visitor(t.app, nextIp()).post('/api/auth/register', person('GRACE@example.com'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.email).toBe('An account with this e-mail already exists.');
    // Each field's problem also as a code, for the browser to say in the visitor's language (docs/decisions/0144).
    expect(again.json().error.fieldCodes).toEqual({ email: { code: 'email_taken' } });
    const sameName = await visitor(t.app, nextIp()).post('/api/auth/register', person('other@example.com', { username: 'grace' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.fieldCodes).toEqual({ username: { code: 'username_taken' } });
    const invalid = await visitor(t.app, nextIp()).post('/api/auth/register', { email: 'nope', password: 'short' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
    expect(invalid.json().error.fieldCodes).toEqual({
      email: { code: 'invalid_email' },
      password: { code: 'too_short', params: { min: 8 } },
      firstName: { code: 'required' },
      lastName: { code: 'required' },
    });
    const odd = await visitor(t.app, nextIp()).post(
      '/api/auth/register',
      person('odd@example.com', { username: 'a b', lastName: 'x'.repeat(101) }),
    );
    expect(odd.json().error.fieldCodes).toEqual({
      username: { code: 'invalid_characters' },
      lastName: { code: 'too_long', params: { max: 100 } },
    });
  });

  it('signs in with the right password only, with one message for unknown e-mail and wrong password', async () => {
    await visitor(t.app, nextIp()).post('/api/auth/register', person('linus@example.com'));
    const wrong = await visitor(t.app, nextIp()).post('/api/auth/login', { email: 'linus@example.com', password: 'wrong password' });
    const unknown = await visitor(t.app, nextIp()).post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
    const client = visitor(t.app, nextIp());
    await client.get('/api/session/current');
    const before = client.cookie;
    const ok = await client.post('/api/auth/login', { email: 'LINUS@example.com', password: 'correct horse battery' });
    expect(ok.statusCode).toBe(200);
    expect(client.cookie).not.toBe(before);
    expect((await client.get('/api/auth/user')).json().email).toBe('linus@example.com');
  });

  it('never makes an ADMIN_EMAILS address admin by signing up with it (docs/decisions/0189)', async () => {
    const response = await visitor(t.app, nextIp()).post('/api/auth/register', person('Boss@example.com'));
    expect(response.statusCode).toBe(201);
    expect(response.json().isAdmin).toBe(false);
    const signedIn = visitor(t.app, nextIp());
    await signedIn.post('/api/auth/login', { email: 'boss@example.com', password: 'correct horse battery' });
    expect((await signedIn.get('/api/admin/stats')).statusCode).toBe(403);
  });

  it('refuses a deactivated account at sign-in and ends its open session at once', async () => {
    const client = visitor(t.app, nextIp());
    const { id } = (await client.post('/api/auth/register', person('gone@example.com'))).json();
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    const next = await client.get('/api/session/current');
    expect(next.statusCode).toBe(403);
    expect((await client.get('/api/auth/user')).json()).toBeNull();
    const login = await visitor(t.app, nextIp()).post('/api/auth/login', { email: 'gone@example.com', password: 'correct horse battery' });
    expect(login.statusCode).toBe(403);
  });

  it('signs out by a form POST to both logout paths, from our own pages only; a GET only shows the page that asks', async () => {
    for (const path of ['/api/auth/logout', '/api/logout']) {
      const client = visitor(t.app, nextIp());
      await client.post('/api/auth/register', person(`out${path.length}@example.com`));
      const signedIn = async () => (await client.get('/api/auth/user')).json() !== null;
      const form = (headers: Record<string, string>) =>
        client.post(path, '', { 'content-type': 'application/x-www-form-urlencoded', ...headers });

      // A link or an image on any site is a GET: it signs nobody out.
      const read = await client.get(path);
      expect(read.statusCode).toBe(303);
      expect(read.headers.location).toBe('/sign-out');
      expect(await signedIn()).toBe(true);
      // Another site's form is refused by the Origin check.
      expect((await form({ origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await form({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
      // A sandboxed frame's Origin is null too, without a same-origin fetch site.
      expect((await form({ origin: 'null' })).statusCode).toBe(403);
      expect((await form({ origin: 'null', 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
      expect(await signedIn()).toBe(true);

      // Our pages send no referrer, so Chromium's form POST says Origin: null with Sec-Fetch-Site: same-origin.
      const ours = await form(
        path === '/api/logout'
          ? { origin: 'null', 'sec-fetch-site': 'same-origin' }
          : { origin: 'http://localhost', host: 'localhost', 'sec-fetch-site': 'same-origin' },
      );
      expect(ours.statusCode).toBe(303);
      expect(ours.headers.location).toBe('/');
      expect(await signedIn()).toBe(false);
    }
  });

  it('/api/login sends to /auth keeping a same-site redirect only', async () => {
    const to = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/login${query}` })).headers.location;
    expect(await to('?redirect=/subscribe')).toBe('/auth?redirect=%2Fsubscribe');
    expect(await to('?redirect=//evil.example/x')).toBe('/auth');
    expect(await to('?redirect=https://evil.example')).toBe('/auth');
    expect(await to('')).toBe('/auth');
  });

  it('refuses writes from another site', async () => {
    const client = visitor(t.app, nextIp());
    const foreign = await client.post('/api/auth/register', person('csrf@example.com'), { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await client.post(
      '/api/auth/login',
      { email: 'csrf@example.com', password: 'x' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    const own = await client.post('/api/auth/register', person('csrf@example.com'), {
      origin: 'https://lightpix.example',
      host: 'lightpix.example',
    });
    expect(own.statusCode).toBe(201);
  });

  it('keeps the results of the guest session after sign-up, and the account starts with its whole allowance', async () => {
    const client = visitor(t.app, nextIp());
    const record = (await client.process(await fixture('photo.jpg'), 'mine.jpg')).json();
    await client.post('/api/auth/register', person('keeper@example.com'));
    expect((await client.get(record.objectPath)).statusCode).toBe(200);
    // The guest's image was charged to the guest; the free account's allowance is all still there.
    expect((await client.get('/api/session/current')).json()).toMatchObject({ tier: 'registered', imagesProcessed: 0, maxImages: 3 });
    expect((await client.process(await fixture('photo.jpg'), 'next.jpg')).statusCode).toBe(201);
    expect((await client.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 1 });
  });

  it('admits exactly 1 of 20 parallel uploads when a registered user has 1 image left', async () => {
    const client = visitor(t.app, nextIp());
    await client.post('/api/auth/register', person('burst@example.com'));
    const photo = await fixture('photo.jpg');
    expect((await client.process(photo, 'a.jpg')).statusCode).toBe(201);
    expect((await client.process(photo, 'b.jpg')).statusCode).toBe(201);
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.process(photo, 'c.jpg')));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(19);
    expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(3);
  });
});
