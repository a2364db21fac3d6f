import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_LIMITS } from '../../src/modules/auth/index.js';
import { addressPool, createTestApp, databaseKinds, testClock, visitor, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.41');
const password = 'correct horse battery';

/** Wrong passwords only count, per account and address; a success clears them (docs/decisions/0188). */
describe.each(databaseKinds)('password attempts on %s', (kind) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, clock);
  });
  afterAll(() => t.close());

  async function owner(email: string) {
    const client = visitor(t.app, nextIp());
    expect((await client.post('/api/auth/register', { email, password, firstName: 'Ada', lastName: 'Lovelace' })).statusCode).toBe(201);
    return client;
  }
  const signIn = (ip: string, email: string, secret = password) => visitor(t.app, ip).post('/api/auth/login', { email, password: secret });

  it("lets the owner sign in from their address after a stranger's 50 wrong tries from others", async () => {
    const home = nextIp();
    await owner('owner@example.com');
    const strangers = Array.from({ length: 10 }, () => nextIp());
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await signIn(strangers[i % 10]!, 'owner@example.com', `guess ${i}`)).statusCode);
    expect(statuses).toHaveLength(50);
    // The first wrong tries are answered as wrong; the addresses that failed are then refused.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(30);
    expect((await signIn(home, 'owner@example.com')).statusCode).toBe(200);
    // A stranger's address that never failed still gets its answer, so the owner from a new place too.
    expect((await signIn(nextIp(), 'owner@example.com')).statusCode).toBe(200);
  });

  it('never locks out a person who signs in and out 20 times from one address', async () => {
    const home = nextIp();
    await owner('regular@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const client = visitor(t.app, home);
      statuses.push((await client.post('/api/auth/login', { email: 'regular@example.com', password })).statusCode);
      await client.post('/api/auth/logout', '', { 'content-type': 'application/x-www-form-urlencoded' });
    }
    expect(statuses).toEqual(Array(20).fill(200));
  });

  it("refuses the address that failed on an account with 429 and Retry-After, until the window passes; a success clears the account's count", async () => {
    const home = nextIp();
    await owner('typo@example.com');
    for (let i = 0; i < PASSWORD_LIMITS.perAccountFromAddress - 1; i++)
      expect((await signIn(home, 'typo@example.com', 'typo')).statusCode).toBe(401);
    expect((await signIn(home, 'typo@example.com')).statusCode).toBe(200);
    // Cleared: the whole allowance of wrong tries again.
    for (let i = 0; i < PASSWORD_LIMITS.perAccountFromAddress; i++)
      expect((await signIn(home, 'typo@example.com', 'typo')).statusCode).toBe(401);
    const refused = await signIn(home, 'typo@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', params: { reason: 'sign_in' } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PASSWORD_LIMITS.windowMs / 1000);
    clock.advanceHours(retryAfter / 3600 + 0.001);
    expect((await signIn(home, 'typo@example.com')).statusCode).toBe(200);
  });

  it('refuses 20 parallel wrong guesses from one address past the limit: every try counts', async () => {
    await owner('burst@example.com');
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(ip, 'burst@example.com', `guess ${i}`)));
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(PASSWORD_LIMITS.perAccountFromAddress);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20 - PASSWORD_LIMITS.perAccountFromAddress);
  });

  it('answers 429 to 40 wrong passwords on the deletion check and on a password change, from the same limits', async () => {
    for (const [path, body] of [
      ['/api/account/deletion-check', (secret: string) => ({ password: secret })],
      ['/api/account/password', (secret: string) => ({ currentPassword: secret, newPassword: 'another long password' })],
    ] as const) {
      const client = await owner(`guesser${path.length}@example.com`);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await client.post(path, body(`guess ${i}`))).statusCode);
      expect(statuses.slice(0, PASSWORD_LIMITS.perAccountFromAddress)).toEqual(Array(PASSWORD_LIMITS.perAccountFromAddress).fill(400));
      expect(statuses.slice(PASSWORD_LIMITS.perAccountFromAddress)).toEqual(Array(40 - PASSWORD_LIMITS.perAccountFromAddress).fill(429));
      const refused = await client.post(path, body(password));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.params).toMatchObject({ reason: 'password_attempts' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('refuses an address after 20 wrong passwords across accounts', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < PASSWORD_LIMITS.perAddress + 1; i++)
      statuses.push((await signIn(ip, `nobody${i}@example.com`, 'guess')).statusCode);
    expect(statuses.slice(0, PASSWORD_LIMITS.perAddress)).toEqual(Array(PASSWORD_LIMITS.perAddress).fill(401));
    expect(statuses[PASSWORD_LIMITS.perAddress]).toBe(429);
  });
});
