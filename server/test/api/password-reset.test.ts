import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, passwordResets, users } from '../../src/db/schema/index.js';
import { addressPool, createTestApp, databaseKinds, operatorAdmin, signedInAdmin, testClock, visitor, type TestApp } from '../helpers.js';
import { headerText, readable, startMailCatcher, type CaughtMail } from '../mail-catcher.js';

const nextIp = addressPool('198.59');
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new secret';
const MAIL_SETTINGS = {
  MAIL_FROM: 'Lightpix <no-reply@lightpix.test>',
  PUBLIC_URL: 'http://lightpix.test',
  ...operatorAdmin(),
};
let serial = 0;
const newAddress = (name: string) => `${name}-${++serial}@example.com`;

function tokenOf(mail: CaughtMail): string {
  const link = /http:\/\/lightpix\.test\/reset-password#token=([A-Za-z0-9_-]+)/.exec(readable(mail));
  if (!link) throw new Error(`No reset link in: ${readable(mail)}`);
  return link[1]!;
}

async function register(t: TestApp, email: string) {
  const client = visitor(t.app, nextIp());
  const response = await client.post('/api/auth/register', { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  expect(response.statusCode).toBe(201);
  return { client, id: response.json().id as string };
}

async function signInStatus(t: TestApp, email: string, password: string) {
  return (await visitor(t.app, nextIp()).post('/api/auth/login', { email, password })).statusCode;
}

describe.each(databaseKinds)('password reset by e-mail on %s', (kind) => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const clock = testClock();
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp(kind, { SMTP_URL: catcher.url, ...MAIL_SETTINGS }, clock);
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  async function requestLink(email: string, language?: string) {
    const seen = catcher.mails.length;
    const response = await visitor(t.app, nextIp()).post('/api/auth/password-reset', { email, ...(language ? { language } : {}) });
    expect(response.statusCode).toBe(202);
    return catcher.next((mail) => catcher.mails.indexOf(mail) >= seen && mail.recipients.includes(email.toLowerCase()));
  }

  it('says reset by e-mail is available and e-mails a link that stores only its digest', async () => {
    expect((await visitor(t.app, nextIp()).get('/api/auth/password-reset')).json()).toEqual({ available: true });
    const email = newAddress('digest');
    await register(t, email);
    const mail = await requestLink(email.toUpperCase(), 'it');
    expect(mail.headers.subject).toBe('Reimposta la password di Lightpix');
    expect(mail.headers.from).toContain('no-reply@lightpix.test');
    expect(readable(mail)).toContain('entro 60 minuti');
    const token = tokenOf(mail);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.database.db.select().from(passwordResets);
    const row = rows.find((r) => r.tokenHash === createHash('sha256').update(token).digest('hex'));
    expect(row).toMatchObject({ usedAt: null, requestedBy: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3600_000);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('writes the link in Polish and in French when asked from those interfaces', async () => {
    const polish = newAddress('polish');
    await register(t, polish);
    const pl = await requestLink(polish, 'pl');
    expect(headerText(pl.headers.subject)).toBe('Zresetuj hasło do Lightpix');
    expect(readable(pl)).toContain('w ciągu 60 minut');
    const french = newAddress('french');
    await register(t, french);
    const fr = await requestLink(french, 'fr');
    expect(headerText(fr.headers.subject)).toBe('Réinitialisez votre mot de passe Lightpix');
    expect(readable(fr)).toContain('dans les 60 minutes');
  });

  it('sets the new password once, signs this browser in and ends every other session', async () => {
    const email = newAddress('once');
    const { client: otherDevice } = await register(t, email);
    expect((await otherDevice.get('/api/auth/user')).json()).toMatchObject({ email });
    const token = tokenOf(await requestLink(email));

    const resetter = visitor(t.app, nextIp());
    const reset = await resetter.post('/api/auth/password-reset/confirm', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ email });
    expect(JSON.stringify(reset.json())).not.toMatch(/hash/i);
    expect((await resetter.get('/api/auth/user')).json()).toMatchObject({ email });
    expect((await otherDevice.get('/api/auth/user')).json()).toBeNull();
    expect(await signInStatus(t, email, PASSWORD)).toBe(401);
    expect(await signInStatus(t, email, NEW_PASSWORD)).toBe(200);

    const again = await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { token, newPassword: 'yet another secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'invalid_input',
      fields: { token: 'This reset link is not valid any more.' },
      fieldCodes: { token: { code: 'link_invalid' } },
    });
    expect(await signInStatus(t, email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a link after its hour, and any older link once a newer one was used', async () => {
    const email = newAddress('expiry');
    await register(t, email);
    const late = tokenOf(await requestLink(email));
    clock.advanceHours(61 / 60);
    const expired = await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { token: late, newPassword: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(await signInStatus(t, email, PASSWORD)).toBe(200);

    const first = tokenOf(await requestLink(email));
    const second = tokenOf(await requestLink(email));
    expect(second).not.toBe(first);
    clock.advanceHours(59 / 60);
    expect(
      (await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { token: second, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      (await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { token: first, newPassword: PASSWORD })).statusCode,
    ).toBe(400);
    expect(await signInStatus(t, email, NEW_PASSWORD)).toBe(200);
  });

  it('ends open links when the password is changed on the account page', async () => {
    const email = newAddress('changed');
    const { client } = await register(t, email);
    const token = tokenOf(await requestLink(email));
    expect((await client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect(
      (await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { token, newPassword: 'attacker password' })).statusCode,
    ).toBe(400);
  });

  it('answers 400 for a short password or a missing token, and changes nothing', async () => {
    const email = newAddress('weak');
    await register(t, email);
    const token = tokenOf(await requestLink(email));
    const short = await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect(short.json().error.fieldCodes).toEqual({ newPassword: { code: 'too_short', params: { min: 8 } } });
    const missing = await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    const bad = await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', {
      token: 'not-a-real-token',
      newPassword: NEW_PASSWORD,
    });
    expect(bad.json().error.fields).toEqual({ token: 'This reset link is not valid any more.' });
    const invalidEmail = await visitor(t.app, nextIp()).post('/api/auth/password-reset', { email: 'not an address' });
    expect(invalidEmail.statusCode).toBe(400);
    expect(invalidEmail.json().error.fieldCodes).toEqual({ email: { code: 'invalid_email' } });
    // The link still works: none of these spent it.
    expect((await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { token, newPassword: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('limits requests per e-mail address, known or not, and per client address', async () => {
    for (const email of [newAddress('limited'), newAddress('nobody')]) {
      if (email.startsWith('limited')) await register(t, email);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await visitor(t.app, nextIp()).post('/api/auth/password-reset', { email })).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await visitor(t.app, ip).post('/api/auth/password-reset', { email: newAddress('ip') })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await visitor(t.app, ip).post('/api/auth/password-reset', { email: newAddress('ip') })).json().error.code).toBe('rate_limited');
  });

  it('lets an admin e-mail a reset link to a user, audited, and only an admin', async () => {
    const email = newAddress('supported');
    const { id, client: userClient } = await register(t, email);
    const anonymous = await visitor(t.app, nextIp()).post(`/api/admin/users/${id}/password-reset`, {});
    expect(anonymous.statusCode).toBe(401);
    expect((await userClient.post(`/api/admin/users/${id}/password-reset`, {})).statusCode).toBe(403);

    const { client: admin, id: adminId } = await signedInAdmin(t.app, nextIp());
    const sent = await admin.post(`/api/admin/users/${id}/password-reset`, { language: 'de' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ status: 'sent', email });
    expect(JSON.stringify(sent.json())).not.toMatch(/token/i);
    const mail = await catcher.next((m) => m.recipients.includes(email));
    expect(readable(mail)).toContain('Der Lightpix-Support hat dir diesen Link geschickt');
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, id));
    expect(audit).toEqual([expect.objectContaining({ actor: adminId, change: { passwordResetSent: true } })]);
    expect(
      (await visitor(t.app, nextIp()).post('/api/auth/password-reset/confirm', { token: tokenOf(mail), newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);

    expect((await admin.post('/api/admin/users/no-such-user/password-reset', {})).statusCode).toBe(404);
    await admin.request('PATCH', `/api/admin/users/${id}`, { isActive: false });
    const inactive = await admin.post(`/api/admin/users/${id}/password-reset`, {});
    expect(inactive.statusCode).toBe(409);
  });
});

describe.each(databaseKinds)('no account enumeration through password reset on %s', (kind) => {
  it('answers a known, an unknown and a deactivated address alike, and mails only the active account', async () => {
    const catcher = await startMailCatcher();
    const t = await createTestApp(kind, { SMTP_URL: catcher.url, ...MAIL_SETTINGS });
    try {
      const known = newAddress('known');
      const dormant = newAddress('dormant');
      await register(t, known);
      await register(t, dormant);
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, dormant));
      const answers = [];
      for (const email of [known, newAddress('unknown'), dormant]) {
        const response = await visitor(t.app, nextIp()).post('/api/auth/password-reset', { email });
        answers.push({ status: response.statusCode, body: response.body, headers: Object.keys(response.headers).sort() });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]!.status).toBe(202);
    } finally {
      // Closing waits for every delivery, so the mails below are all there will ever be.
      await t.close();
    }
    expect(catcher.mails.map((mail) => mail.recipients)).toEqual([[expect.stringMatching(/^known-/)]]);
    await catcher.close();
  });
});

describe.each(databaseKinds)('password reset without e-mail on %s', (kind) => {
  let withoutSmtp: TestApp;
  let withoutPublicUrl: TestApp;
  beforeAll(async () => {
    withoutSmtp = await createTestApp(kind, operatorAdmin());
    withoutPublicUrl = await createTestApp(kind, { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'no-reply@lightpix.test' });
  });
  afterAll(async () => {
    await withoutSmtp.close();
    await withoutPublicUrl.close();
  });

  it('says it is not available and answers 503 email_unavailable, to users and admins', async () => {
    for (const t of [withoutSmtp, withoutPublicUrl]) {
      expect((await visitor(t.app, nextIp()).get('/api/auth/password-reset')).json()).toEqual({ available: false });
      const request = await visitor(t.app, nextIp()).post('/api/auth/password-reset', { email: 'someone@example.com' });
      expect(request.statusCode).toBe(503);
      expect(request.json().error).toMatchObject({ code: 'email_unavailable', message: expect.stringContaining('contact support') });
    }
    const { id } = await register(withoutSmtp, newAddress('nomail'));
    const { client: admin } = await signedInAdmin(withoutSmtp.app, nextIp());
    const sent = await admin.post(`/api/admin/users/${id}/password-reset`, {});
    expect(sent.statusCode).toBe(503);
    expect(sent.json().error.code).toBe('email_unavailable');
  });
});
