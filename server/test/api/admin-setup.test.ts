import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSetup, buildApp } from '../../src/app.js';
import { adminAudit, users } from '../../src/db/schema/index.js';
import { EnvError, parseEnv } from '../../src/runtime/env.js';
import { fileResultStore } from '../../src/storage/result-store.js';
import { addressPool, createTestApp, databaseKinds, testClock, visitor, type TestApp } from '../helpers.js';
import { readable, startMailCatcher, type CaughtMail } from '../mail-catcher.js';

const nextIp = addressPool('198.43');
const PASSWORD = 'correct horse battery';
const person = (email: string) => ({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
const MAIL = { MAIL_FROM: 'Lightpix <no-reply@lightpix.test>', PUBLIC_URL: 'http://lightpix.test' };

function linkToken(mail: CaughtMail): string {
  const link = /http:\/\/lightpix\.test\/confirm-email#token=([A-Za-z0-9_-]+)/.exec(readable(mail));
  if (!link) throw new Error(`No confirmation link in: ${readable(mail)}`);
  return link[1]!;
}

describe('admin settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir(), SESSION_SECRET: 'x'.repeat(32) };
  it('refuses ADMIN_EMAIL without a password, both password settings at once, and a short or missing password file', async () => {
    expect(() => parseEnv({ ...base, ADMIN_EMAIL: 'root@example.com' })).toThrow(
      /ADMIN_EMAIL: needs ADMIN_PASSWORD or ADMIN_PASSWORD_FILE/,
    );
    expect(() => parseEnv({ ...base, ADMIN_PASSWORD: 'long enough secret' })).toThrow(/ADMIN_EMAIL: is required/);
    expect(() => parseEnv({ ...base, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: must be at least 8/,
    );
    expect(() => parseEnv({ ...base, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'long enough', ADMIN_PASSWORD_FILE: '/x' })).toThrow(
      /not both/,
    );
    expect(() => parseEnv({ ...base, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD_FILE: '/nonexistent/secret' })).toThrow(EnvError);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'lightpix-secret-'));
    try {
      const file = path.join(folder, 'admin-password');
      await writeFile(file, 'a secret from a file\n');
      expect(parseEnv({ ...base, ADMIN_EMAIL: ' Root@Example.com ', ADMIN_PASSWORD_FILE: file }).operatorAdmin).toEqual({
        email: 'root@example.com',
        password: 'a secret from a file',
      });
      await writeFile(file, 'short\n');
      expect(() => parseEnv({ ...base, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD_FILE: file })).toThrow(/at least 8/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('says at start which ways of making an admin are in force', () => {
    const env = parseEnv({
      ...base,
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_EMAILS: 'a@example.com,b@example.com',
    });
    expect(adminSetup(env, 'created', true)).toMatchObject({
      adminEmail: 'root@example.com (created)',
      adminEmails: '2 address(es), each admin once its owner follows the link mailed to it',
      commandLine: 'npm run admin -- grant|revoke <email>',
    });
    expect(adminSetup(env, 'unchanged', false).adminEmails).toMatch(/no link can be mailed .* none becomes admin/);
    expect(adminSetup(parseEnv(base), null, false)).toMatchObject({ adminEmail: 'not set', adminEmails: 'not set' });
  });
});

describe.each(databaseKinds)('the operator makes the first admin on %s', (kind) => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const clock = testClock();
  const lines: string[] = [];
  beforeAll(async () => {
    catcher = await startMailCatcher();
    const logger = { level: 'info', stream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }) };
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAIL: 'root@example.com',
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_EMAILS: 'listed@example.com,later@example.com',
        SMTP_URL: catcher.url,
        ...MAIL,
      },
      clock,
      { logger },
    );
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  /** Another instance (a restart) over the same database with these settings. */
  async function restart(settings: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-restart-'));
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), ...settings });
    const app = await buildApp({
      env,
      database: { ...t.database, close: async () => undefined },
      store: fileResultStore(dataDir),
      now: clock.now,
    });
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  it('creates ADMIN_EMAIL at start with ADMIN_PASSWORD, an admin who can sign in, and logs it', async () => {
    const admin = visitor(t.app, nextIp());
    const signIn = await admin.post('/api/auth/login', { email: 'root@example.com', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ email: 'root@example.com', isAdmin: true });
    expect((await admin.get('/api/admin/stats')).statusCode).toBe(200);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'how admins are made');
    expect(logged).toMatchObject({ adminEmail: 'root@example.com (created)', adminEmails: expect.stringMatching(/^2 address/) });
    const [row] = await t.database.db.select().from(adminAudit).where(eq(adminAudit.actor, 'ADMIN_EMAIL'));
    expect(row?.change).toEqual({ created: true, isAdmin: true });
  });

  it('gives an existing account the role and the password at the next start, ending its sessions; an unchanged start changes nothing', async () => {
    const owner = visitor(t.app, nextIp());
    expect((await owner.post('/api/auth/register', person('existing@example.com'))).json().isAdmin).toBe(false);
    await restart({ ADMIN_EMAIL: 'existing@example.com', ADMIN_PASSWORD: 'the operator chose this' });
    // The old session ended with the new password.
    expect((await owner.get('/api/auth/user')).json()).toBeNull();
    expect((await visitor(t.app, nextIp()).post('/api/auth/login', { email: 'existing@example.com', password: PASSWORD })).statusCode).toBe(
      401,
    );
    const admin = visitor(t.app, nextIp());
    expect(
      (await admin.post('/api/auth/login', { email: 'existing@example.com', password: 'the operator chose this' })).json().isAdmin,
    ).toBe(true);
    await restart({ ADMIN_EMAIL: 'existing@example.com', ADMIN_PASSWORD: 'the operator chose this' });
    expect((await admin.get('/api/auth/user')).json()).toMatchObject({ email: 'existing@example.com', isAdmin: true });
  });

  it('makes an ADMIN_EMAILS address admin only once its owner follows the link mailed to it, once', async () => {
    const owner = visitor(t.app, nextIp());
    const signUp = await owner.post('/api/auth/register', { ...person('listed@example.com'), language: 'it' });
    expect(signUp.json().isAdmin).toBe(false);
    const mail = await catcher.next((m) => m.recipients.includes('listed@example.com'));
    expect(readable(mail)).toContain('Questa installazione di Lightpix indica listed@example.com come amministratore.');
    expect((await owner.get('/api/admin/stats')).statusCode).toBe(403);
    const token = linkToken(mail);
    // Another device, signed out: the link alone proves the mailbox.
    const followed = await visitor(t.app, nextIp()).post('/api/auth/confirm', { token });
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ purpose: 'admin', email: 'listed@example.com' });
    expect((await owner.get('/api/auth/user')).json().isAdmin).toBe(true);
    expect((await owner.get('/api/admin/stats')).statusCode).toBe(200);
    const again = await visitor(t.app, nextIp()).post('/api/auth/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fieldCodes).toEqual({ token: { code: 'link_invalid' } });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'listed@example.com'));
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, user!.id));
    expect(audit).toEqual([expect.objectContaining({ actor: 'ADMIN_EMAILS', change: { isAdmin: true } })]);
  });

  it('refuses an expired link, and mails a new one at the next sign-in', async () => {
    await visitor(t.app, nextIp()).post('/api/auth/register', person('later@example.com'));
    const first = await catcher.next((m) => m.recipients.includes('later@example.com'));
    clock.advanceHours(25);
    const expired = await visitor(t.app, nextIp()).post('/api/auth/confirm', { token: linkToken(first) });
    expect(expired.statusCode).toBe(400);
    const seen = catcher.mails.length;
    const client = visitor(t.app, nextIp());
    expect((await client.post('/api/auth/login', { email: 'later@example.com', password: PASSWORD })).json().isAdmin).toBe(false);
    const second = await catcher.next((m) => catcher.mails.indexOf(m) >= seen && m.recipients.includes('later@example.com'));
    expect((await visitor(t.app, nextIp()).post('/api/auth/confirm', { token: linkToken(second) })).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).json().isAdmin).toBe(true);
  });
});
