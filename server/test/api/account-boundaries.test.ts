import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, fixture, operatorAdmin, signedInAdmin, visitor, type TestApp, addressPool } from '../helpers.js';

const nextIp = addressPool('198.21');
const password = 'correct horse battery';
const person = (email: string) => ({ email, password, firstName: 'Ada', lastName: 'Lovelace' });

describe.each(databaseKinds)('account boundaries on %s', (kind) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '1', ...operatorAdmin('chief@example.com') });
    photo = await fixture('photo.jpg');
  });
  afterAll(() => t.close());

  it('refuses an admin deactivating or demoting themself through the API, and leaves the account as it was', async () => {
    const { client: admin, id } = await signedInAdmin(t.app, nextIp(), 'chief@example.com');
    const patch = (body: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie: admin.cookie }, payload: body });
    for (const change of [{ isActive: false }, { tier: 'registered' }, { tier: 'premium' }]) {
      const refused = await patch(change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(403);
      expect(refused.json().error.message).toMatch(/your own account/);
    }
    const me = (await admin.get('/api/admin/users')).json().users.find((u: { id: string }) => u.id === id);
    expect(me).toMatchObject({ isActive: true, tier: 'registered' });
    expect((await admin.get('/api/admin/stats')).statusCode).toBe(200);
  });

  it("signing in as V where U was signed in does not give V U's results", async () => {
    const browser = visitor(t.app, nextIp());
    await visitor(t.app, nextIp()).post('/api/auth/register', person('v@example.com'));
    await browser.post('/api/auth/register', person('u@example.com'));
    const record = (await browser.process(photo, 'u-private.jpg')).json();
    expect((await browser.get(record.objectPath)).statusCode).toBe(200);
    const uGuestIdentity = (await browser.get('/api/session/current')).json().guestSessionId;

    const signIn = await browser.post('/api/auth/login', { email: 'v@example.com', password });
    expect(signIn.statusCode).toBe(200);
    expect((await browser.get('/api/auth/user')).json().email).toBe('v@example.com');
    expect((await browser.get(record.objectPath)).statusCode).toBe(404);
    expect((await browser.get('/api/images/history')).json().items).toEqual([]);
    // The identity U worked under is not carried into V's sign-in, whatever else guards U's results.
    expect((await browser.get('/api/session/current')).json().guestSessionId).not.toBe(uGuestIdentity);
  });

  it('keeps an anonymous guest’s result reachable after that guest signs in', async () => {
    await visitor(t.app, nextIp()).post('/api/auth/register', person('returning@example.com'));
    const guest = visitor(t.app, nextIp());
    const record = (await guest.process(photo, 'guest.jpg')).json();
    expect((await guest.post('/api/auth/login', { email: 'returning@example.com', password })).statusCode).toBe(200);
    expect((await guest.get(record.objectPath)).statusCode).toBe(200);
  });

  it("registering does not free the address's guest quota", async () => {
    const address = nextIp();
    const guest = visitor(t.app, address);
    expect((await guest.process(photo, 'a.jpg')).statusCode).toBe(201);
    expect((await guest.post('/api/auth/register', person('fresh@example.com'))).statusCode).toBe(201);
    // The account keeps what the guest made…
    expect((await guest.get('/api/images/history')).json().items).toHaveLength(1);
    // …and a new guest session from the same address still finds the unit spent.
    const nextGuest = visitor(t.app, address);
    expect((await nextGuest.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 1, maxImages: 1 });
    expect((await nextGuest.process(photo, 'b.jpg')).statusCode).toBe(429);
  });
});
