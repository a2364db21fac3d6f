import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../../src/db/schema/index.js';
import { EnvError, parseEnv } from '../../src/runtime/env.js';
import { addressPool, createTestApp, databaseKinds, operatorAdmin, signedInAdmin, visitor, type TestApp } from '../helpers.js';
import { startMailCatcher } from '../mail-catcher.js';
import { freePort } from '../ports.js';

/** Sending mail crosses a socket and a queue: on a loaded 2-core CI that can take seconds, not vitest's default 1 s. */
const MAIL_BUDGET = { timeout: 15_000, interval: 100 };

const nextIp = addressPool('198.21');
const TEAM = 'team@lightpix.test';
const message = (extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Question about WebP',
  message: 'Does Lightpix keep the colour profile of my photos?',
  website: '',
  language: 'it',
  ...extra,
});
const person = (email: string) => ({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });

async function storedWithSubject(t: TestApp, subject: string) {
  return t.database.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
}

describe.each(databaseKinds)('contact messages with SMTP on %s', (kind) => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    catcher = await startMailCatcher({ refuseWhen: 'PLEASE-REFUSE' });
    t = await createTestApp(kind, {
      SMTP_URL: catcher.url,
      MAIL_FROM: 'Lightpix <no-reply@lightpix.test>',
      CONTACT_TO: TEAM,
      ...operatorAdmin(),
    });
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  it('answers 400 with the message for each invalid field, and stores nothing', async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const empty = await visitor(t.app, nextIp()).post('/api/contact', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'invalid_input',
      fields: {
        name: 'Name is required',
        email: 'Valid email is required',
        subject: 'Subject is required',
        message: 'Message must be at least 10 characters',
      },
    });
    const blank = await visitor(t.app, nextIp()).post(
      '/api/contact',
      message({ name: '   ', email: 'ada@', subject: ' ', message: ' too short ' }),
    );
    expect(blank.json().error.fieldCodes).toEqual({
      name: { code: 'required' },
      email: { code: 'invalid_email' },
      subject: { code: 'required' },
      message: { code: 'too_short', params: { min: 10 } },
    });
    const long = await visitor(t.app, nextIp()).post('/api/contact', message({ subject: 'x'.repeat(151), message: 'y'.repeat(5001) }));
    expect(long.json().error.fields).toEqual({ subject: 'Subject is too long', message: 'Message is too long' });
    expect(long.json().error.fieldCodes).toEqual({
      subject: { code: 'too_long', params: { max: 150 } },
      message: { code: 'too_long', params: { max: 5000 } },
    });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: nextIp(),
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await visitor(t.app, nextIp()).post('/api/contact', message({ message: 'z'.repeat(100_000) }));
    expect(huge.statusCode).toBe(413);
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('stores the message, answers 201, and e-mails it to CONTACT_TO with the visitor as Reply-To', async () => {
    const response = await visitor(t.app, nextIp()).post(
      '/api/contact',
      message({
        name: ' Ada Lovelace ',
        subject: 'Invoice\r\nBcc: victim@example.com',
        message: 'Please send me an invoice for March.\nThanks!',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'received', confirmation: false });
    // Only with mail going to the team does the site promise a reply time.
    expect((await visitor(t.app, nextIp()).get('/api/contact/info')).json()).toEqual({ supportEmail: null, emailConfigured: true });

    const mail = await catcher.next((m) => m.body.includes('invoice for March'));
    expect(mail.recipients).toEqual([TEAM]);
    expect(mail.headers.to).toBe(TEAM);
    expect(mail.headers.from).toContain('no-reply@lightpix.test');
    expect(mail.headers['reply-to']).toBe('Ada Lovelace <ada@example.com>');
    // The line break cannot start a header of its own.
    expect(mail.headers.subject).toBe('[Lightpix contact] Invoice Bcc: victim@example.com');
    expect(mail.headerNames).not.toContain('bcc');
    expect(mail.body).toContain('Name: Ada Lovelace');
    expect(mail.body).toContain('E-mail: ada@example.com');
    expect(mail.body).toContain('Language: it');
    expect(mail.body).toContain('Please send me an invoice for March.\nThanks!');

    const [row] = await storedWithSubject(t, 'Invoice\r\nBcc: victim@example.com');
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', language: 'it', userId: null });
    await vi.waitFor(async () => {
      const [updated] = await storedWithSubject(t, row!.subject);
      expect(updated!.emailedAt).not.toBeNull();
      expect(updated!.emailError).toBeNull();
    }, MAIL_BUDGET);
  });

  it('keeps the message and still answers 201 when the mail server refuses it', async () => {
    const response = await visitor(t.app, nextIp()).post(
      '/api/contact',
      message({ subject: 'Refused one', message: 'PLEASE-REFUSE this message.' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'received', confirmation: false });
    await vi.waitFor(async () => {
      const [row] = await storedWithSubject(t, 'Refused one');
      expect(row!.emailedAt).toBeNull();
      expect(row!.emailError).toMatch(/550|rejected/i);
    }, MAIL_BUDGET);
  });

  it('remembers the account of a signed-in sender', async () => {
    const client = visitor(t.app, nextIp());
    const { id } = (await client.post('/api/auth/register', person('writer@example.com'))).json();
    expect((await client.post('/api/contact', message({ subject: 'From an account' }))).statusCode).toBe(201);
    const [row] = await storedWithSubject(t, 'From an account');
    expect(row!.userId).toBe(id);
  });

  it('answers a filled honeypot exactly like a real send, but stores and sends nothing', async () => {
    const client = visitor(t.app, nextIp());
    const bot = await client.post(
      '/api/contact',
      message({ subject: 'Cheap pills', message: 'Buy cheap pills at our shop', website: 'https://spam.example' }),
    );
    expect(bot.statusCode).toBe(201);
    expect(bot.json()).toEqual({ status: 'received', confirmation: false });
    // A real message sent after it arrives; the bot's never does.
    await client.post('/api/contact', message({ subject: 'After the bot', message: 'A genuine message after the bot.' }));
    await catcher.next((m) => m.body.includes('genuine message after the bot'));
    expect(catcher.mails.some((m) => m.body.includes('cheap pills'))).toBe(false);
    expect(await storedWithSubject(t, 'Cheap pills')).toEqual([]);
  });

  it('allows five messages per address in ten minutes, then answers 429', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 5; i += 1) {
      expect((await visitor(t.app, ip).post('/api/contact', message({ subject: `Burst ${i}` }))).statusCode).toBe(201);
    }
    const sixth = await visitor(t.app, ip).post('/api/contact', message({ subject: 'Burst 6' }));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('rate_limited');
    expect(await storedWithSubject(t, 'Burst 6')).toEqual([]);
    expect((await visitor(t.app, nextIp()).post('/api/contact', message({ subject: 'Another address' }))).statusCode).toBe(201);
  });

  it('lists messages newest first to admins only, with whether each was e-mailed', async () => {
    const anonymous = visitor(t.app, nextIp());
    expect((await anonymous.get('/api/admin/contact-messages')).statusCode).toBe(401);
    const member = visitor(t.app, nextIp());
    await member.post('/api/auth/register', person('member-contact@example.com'));
    expect((await member.get('/api/admin/contact-messages')).statusCode).toBe(403);

    t.clock.advanceHours(1);
    await visitor(t.app, nextIp()).post('/api/contact', message({ subject: 'Newest one' }));
    const { client: admin } = await signedInAdmin(t.app, nextIp());
    const response = await admin.get('/api/admin/contact-messages');
    expect(response.statusCode).toBe(200);
    const { messages, total } = response.json();
    expect(total).toBe(messages.length);
    expect(messages[0]).toMatchObject({ subject: 'Newest one', email: 'ada@example.com', signedIn: false, emailFailed: false });
    const times = messages.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(messages.find((m: { subject: string }) => m.subject === 'Refused one')).toMatchObject({ emailedAt: null, emailFailed: true });
    expect(messages.find((m: { subject: string }) => m.subject === 'From an account')).toMatchObject({ signedIn: true });
    expect(response.body).not.toMatch(/emailError|rejected by policy/);
  });
});

describe.each(databaseKinds)('contact messages without a working mail server on %s', (kind) => {
  it('stores the message and answers 201 when the mail server is down', async () => {
    const t = await createTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, CONTACT_TO: TEAM });
    try {
      const response = await visitor(t.app, nextIp()).post('/api/contact', message({ subject: 'Server down' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ status: 'received', confirmation: false });
      await vi.waitFor(async () => {
        const [row] = await storedWithSubject(t, 'Server down');
        expect(row!.emailError).toMatch(/ECONNREFUSED|connect/i);
        expect(row!.emailedAt).toBeNull();
      }, MAIL_BUDGET);
    } finally {
      await t.close();
    }
  });

  it('stores the message and answers 201 when no SMTP is configured', async () => {
    const t = await createTestApp(kind, { SUPPORT_EMAIL: 'help@lightpix.test' });
    try {
      const response = await visitor(t.app, nextIp()).post('/api/contact', message({ subject: 'No SMTP' }));
      expect(response.statusCode).toBe(201);
      const [row] = await storedWithSubject(t, 'No SMTP');
      expect(row).toMatchObject({ emailedAt: null, emailError: null });
      expect((await visitor(t.app, nextIp()).get('/api/contact/info')).json()).toEqual({
        supportEmail: 'help@lightpix.test',
        emailConfigured: false,
      });
    } finally {
      await t.close();
    }
  });
});

describe('contact settings', () => {
  const settings = (extra: Record<string, string>) => () =>
    parseEnv({ DATA_DIR: '/tmp/lightpix-env-test', SESSION_SECRET: 'x'.repeat(32), ...extra });

  it('accepts smtp:// and smtps:// URLs, addresses with names, and lists of recipients', () => {
    const env = settings({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Lightpix <no-reply@example.com>',
      CONTACT_TO: 'a@example.com, b@example.com',
    })();
    expect(env).toMatchObject({ SMTP_URL: 'smtps://user:pass@mail.example.com:465', CONTACT_TO: 'a@example.com, b@example.com' });
  });

  it('refuses other URLs and malformed addresses, naming the setting', () => {
    expect(settings({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(settings({ MAIL_FROM: 'Lightpix <nope>' })).toThrow(/MAIL_FROM/);
    expect(settings({ CONTACT_TO: 'a@example.com, nope' })).toThrow(/CONTACT_TO/);
    expect(settings({ SUPPORT_EMAIL: 'help' })).toThrow(EnvError);
  });
});
