import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/runtime/env.js';
import { addressPool, createTestApp, databaseKinds, fixture, testClock, visitor, type TestApp } from '../helpers.js';
import { readable, startMailCatcher, type CaughtMail } from '../mail-catcher.js';

const nextIp = addressPool('198.47');
let serial = 0;
const person = (name: string) => ({
  email: `${name}-${++serial}@example.com`,
  password: 'correct horse battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
});

/** One person, one free allowance (docs/decisions/0191). */
describe.each(databaseKinds)('sign-up limits on %s', (kind) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, clock);
  });
  afterAll(() => t.close());

  /** A sign-up from this address, as a browser with this device cookie (or none). */
  const signUp = (ip: string, body: object, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      remoteAddress: ip,
      headers: device ? { cookie: `lightpix_device=${device}` } : {},
    });

  it('allows 3 accounts per address a day, then 429 with Retry-After, and counts only accounts made', async () => {
    const ip = nextIp();
    const taken = person('taken');
    expect((await signUp(ip, taken)).statusCode).toBe(201);
    // Refusals for other reasons (an e-mail taken) cost nothing.
    for (let i = 0; i < 3; i++) expect((await signUp(ip, taken)).statusCode).toBe(409);
    expect((await signUp(ip, person('second'))).statusCode).toBe(201);
    expect((await signUp(ip, person('third'))).statusCode).toBe(201);
    const refused = await signUp(ip, person('fourth'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', params: { reason: 'sign_ups_address', hours: 24 } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Another address is not held back.
    expect((await signUp(nextIp(), person('elsewhere'))).statusCode).toBe(201);
    clock.advanceHours(24);
    expect((await signUp(ip, person('next-day'))).statusCode).toBe(201);
  });

  it('allows 2 accounts per device, whatever the address, and sets the device cookie on the first', async () => {
    const first = await signUp(nextIp(), person('device'));
    expect(first.statusCode).toBe(201);
    const cookie = first.cookies.find((c) => c.name === 'lightpix_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 3600 });
    expect((await signUp(nextIp(), person('device'), cookie!.value)).statusCode).toBe(201);
    const refused = await signUp(nextIp(), person('device'), cookie!.value);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.params).toMatchObject({ reason: 'sign_ups_device' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets only as many of 10 parallel sign-ups from one address through as the limit allows', async () => {
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => signUp(ip, person('burst'))));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(7);
  });
});

function linkToken(mail: CaughtMail): string {
  const link = /http:\/\/lightpix\.test\/confirm-email#token=([A-Za-z0-9_-]+)/.exec(readable(mail));
  if (!link) throw new Error(`No confirmation link in: ${readable(mail)}`);
  return link[1]!;
}

describe('REQUIRE_EMAIL_CONFIRMATION', () => {
  it('stops the start without mail, naming what is missing', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir(), SESSION_SECRET: 'x'.repeat(32), REQUIRE_EMAIL_CONFIRMATION: 'true' };
    expect(() => parseEnv(base)).toThrow(
      /REQUIRE_EMAIL_CONFIRMATION: needs mail set up: SMTP_URL, MAIL_FROM \(or CONTACT_TO\) and PUBLIC_URL/,
    );
    expect(
      parseEnv({ ...base, SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'a@example.com', PUBLIC_URL: 'https://x.example' })
        .REQUIRE_EMAIL_CONFIRMATION,
    ).toBe(true);
  });
});

describe.each(databaseKinds)('e-mail confirmation on %s', (kind) => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const clock = testClock();
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp(
      kind,
      {
        REQUIRE_EMAIL_CONFIRMATION: 'true',
        QUOTA_GUEST: '1',
        QUOTA_FREE: '5',
        SMTP_URL: catcher.url,
        MAIL_FROM: 'Lightpix <no-reply@lightpix.test>',
        PUBLIC_URL: 'http://lightpix.test',
      },
      clock,
    );
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  it('gives an unconfirmed account the guest allowance until its owner follows the link, once', async () => {
    const client = visitor(t.app, nextIp());
    const body = person('unconfirmed');
    const signUp = await client.post('/api/auth/register', { ...body, language: 'de' });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toMatchObject({ tier: 'registered', confirmEmail: true });
    expect((await client.get('/api/session/current')).json()).toMatchObject({ tier: 'registered', maxImages: 1, imagesProcessed: 0 });
    const photo = await fixture('photo.jpg');
    expect((await client.process(photo, 'a.jpg')).statusCode).toBe(201);
    expect((await client.process(photo, 'b.jpg')).statusCode).toBe(429);

    const mail = await catcher.next((m) => m.recipients.includes(body.email));
    expect(readable(mail)).toContain('Bestätige, dass');
    const token = linkToken(mail);
    const followed = await visitor(t.app, nextIp()).post('/api/auth/confirm', { token });
    expect(followed.json()).toEqual({ purpose: 'email', email: body.email });
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ confirmEmail: false });
    expect((await client.get('/api/session/current')).json()).toMatchObject({ maxImages: 5, imagesProcessed: 1 });
    expect((await client.process(photo, 'c.jpg')).statusCode).toBe(201);
    expect((await visitor(t.app, nextIp()).post('/api/auth/confirm', { token })).statusCode).toBe(400);
    // Nothing left to confirm.
    expect((await client.post('/api/auth/email-confirmation', {})).statusCode).toBe(409);
  });

  it('mails a new link on request, refuses an expired one, and a link is single-use', async () => {
    const client = visitor(t.app, nextIp());
    const body = person('resend');
    await client.post('/api/auth/register', body);
    const first = await catcher.next((m) => m.recipients.includes(body.email));
    clock.advanceHours(25);
    const expired = await visitor(t.app, nextIp()).post('/api/auth/confirm', { token: linkToken(first) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.fieldCodes).toEqual({ token: { code: 'link_invalid' } });
    const seen = catcher.mails.length;
    const resent = await client.post('/api/auth/email-confirmation', { language: 'fr' });
    expect(resent.statusCode).toBe(202);
    const second = await catcher.next((m) => catcher.mails.indexOf(m) >= seen && m.recipients.includes(body.email));
    expect(readable(second)).toContain('Confirmez que');
    expect((await visitor(t.app, nextIp()).post('/api/auth/confirm', { token: linkToken(second) })).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).json().confirmEmail).toBe(false);
  });

  it('refuses a fourth new link within an hour', async () => {
    const client = visitor(t.app, nextIp());
    await client.post('/api/auth/register', person('many'));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.post('/api/auth/email-confirmation', {})).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
