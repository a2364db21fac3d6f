import { readdir } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, confirmationLinks, heavyWork, passwordResets, subscriptions, users } from '../../src/db/schema/index.js';
import { results } from '../../src/db/schema/results.js';
import type { Database } from '../../src/db/client.js';
import { addressPool, databaseKinds, fixture, operatorAdmin, visitor, type TestApp } from '../helpers.js';
import { billingApp, postWebhook, StripeFake, subscriber } from '../billing-helpers.js';

const nextIp = addressPool('198.196');
const BOSS = 'boss@example.com';
type Client = ReturnType<typeof visitor>;

/** Every row of every table, as text: what "no row names the user" is checked against. */
export async function everyTableAsText(db: Database): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const dump: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    const rows = (await db.execute(sql`select * from ${sql.identifier(name)}`)) as unknown as { rows: unknown[] };
    dump[name] = JSON.stringify(rows.rows);
  }
  return dump;
}

describe.each(databaseKinds)('admin support tools on %s', (kind) => {
  let fake: StripeFake;
  let t: TestApp;
  let admin: Client;
  let adminId: string;
  beforeAll(async () => {
    fake = await new StripeFake().start();
    t = await billingApp(kind, fake, operatorAdmin(BOSS));
    admin = visitor(t.app, nextIp());
    // The operator's admin, made at start by ADMIN_EMAIL/ADMIN_PASSWORD (docs/decisions/0189).
    expect((await admin.post('/api/auth/login', { email: BOSS, password: 'correct horse battery' })).statusCode).toBe(200);
    adminId = (await t.database.db.select().from(users).where(eq(users.email, BOSS)))[0]!.id;
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const send = (client: Client, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: client.cookie }, payload });

  it('answers 401 signed out and 403 to a member on every new admin route', async () => {
    const anonymous = visitor(t.app, nextIp());
    const { client: member } = await subscriber(t, nextIp());
    const routes = [
      ['GET', '/api/admin/audit'],
      ['DELETE', '/api/admin/users/x'],
      ['GET', '/api/admin/contact-messages'],
      ['PATCH', '/api/admin/contact-messages/x'],
      ['DELETE', '/api/admin/contact-messages/x'],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? undefined : { handled: true, confirmEmail: 'x@example.com' };
      expect((await send(anonymous, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(member, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect.assertions(routes.length * 2);
  });

  it('shows the audit trail with who, what, when, before and after; filtered by user and action, paged', async () => {
    const { id } = await subscriber(t, nextIp());
    const [target] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect((await send(admin, 'PATCH', `/api/admin/users/${id}`, { isActive: false })).statusCode).toBe(200);
    t.clock.advanceHours(1);
    expect((await send(admin, 'PATCH', `/api/admin/users/${id}`, { tier: 'premium' })).statusCode).toBe(200);

    const mine = (await admin.get(`/api/admin/audit?user=${encodeURIComponent(target!.email)}`)).json();
    expect(mine.total).toBe(2);
    expect(mine.entries).toEqual([
      expect.objectContaining({
        action: 'user_updated',
        actor: { id: adminId, email: BOSS },
        target: { id, email: target!.email },
        before: { tier: 'registered', complimentary: false },
        after: { tier: 'premium' },
      }),
      expect.objectContaining({ action: 'user_updated', before: { isActive: true }, after: { isActive: false } }),
    ]);
    expect(Date.parse(mine.entries[0].createdAt) - Date.parse(mine.entries[1].createdAt)).toBe(3600_000);

    // By a part of the e-mail, by the whole id, by action, and paged.
    expect((await admin.get(`/api/admin/audit?user=${id}`)).json().total).toBe(2);
    const byActionAndUser = (await admin.get(`/api/admin/audit?user=${id}&action=password_reset_sent`)).json();
    expect(byActionAndUser.total).toBe(0);
    const paged = (await admin.get(`/api/admin/audit?user=${id}&pageSize=1&page=2`)).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.entries.map((e: { after: object }) => e.after)).toEqual([{ isActive: false }]);
    const wrong = await admin.get('/api/admin/audit?action=nonsense');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_input');
  });

  it('keeps a contact inbox: open messages, mark handled and open again, delete; each change audited', async () => {
    const sender = visitor(t.app, nextIp());
    const write = (subject: string) =>
      sender.post('/api/contact', {
        name: 'Ada',
        email: 'ada@example.com',
        subject,
        message: 'A message long enough to keep.',
        website: '',
      });
    expect((await write('Inbox one')).statusCode).toBe(201);
    expect((await write('Inbox two')).statusCode).toBe(201);
    const open = (await admin.get('/api/admin/contact-messages')).json();
    const one = open.messages.find((m: { subject: string }) => m.subject === 'Inbox one');
    expect(one).toMatchObject({ handledAt: null, email: 'ada@example.com' });

    const handled = await send(admin, 'PATCH', `/api/admin/contact-messages/${one.id}`, { handled: true });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().handledAt).toBe(t.clock.now().toISOString());
    const subjects = async (status: string) =>
      (await admin.get(`/api/admin/contact-messages?status=${status}`)).json().messages.map((m: { subject: string }) => m.subject);
    expect(await subjects('open')).not.toContain('Inbox one');
    expect(await subjects('handled')).toContain('Inbox one');
    expect((await send(admin, 'PATCH', `/api/admin/contact-messages/${one.id}`, { handled: false })).json().handledAt).toBeNull();
    expect(await subjects('open')).toContain('Inbox one');

    expect((await send(admin, 'DELETE', `/api/admin/contact-messages/${one.id}`)).statusCode).toBe(204);
    expect(await subjects('all')).not.toContain('Inbox one');
    expect((await send(admin, 'DELETE', `/api/admin/contact-messages/${one.id}`)).statusCode).toBe(404);
    expect((await send(admin, 'PATCH', `/api/admin/contact-messages/${one.id}`, { handled: true })).statusCode).toBe(404);
    expect((await send(admin, 'PATCH', `/api/admin/contact-messages/${one.id}`, { handled: 'yes' })).statusCode).toBe(400);

    const trail = (await admin.get('/api/admin/audit?action=contact_message_deleted')).json();
    expect(trail.entries[0]).toMatchObject({ messageId: one.id, target: null, actor: { id: adminId } });
    const actions = (await admin.get(`/api/admin/audit?user=${adminId}`)).json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['contact_message_handled', 'contact_message_reopened', 'contact_message_deleted']));
    // The audit keeps ids, never the sender's address.
    expect(JSON.stringify(await t.database.db.select().from(adminAudit))).not.toContain('ada@example.com');
  });

  it('deletes a user on a typed confirmation: Stripe cancelled first, no row or file left that names them but billing', async () => {
    const { client, id } = await subscriber(t, nextIp());
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    const email = user!.email;
    await client.post('/api/subscription/create', {});
    const [withCustomer] = await t.database.db.select().from(users).where(eq(users.id, id));
    const subscription = fake.subscriptionsOf(withCustomer!.stripeCustomerId!)[0]!;
    fake.update(subscription.id, { status: 'active' });
    await postWebhook(t, fake.event('invoice.paid', subscription));
    const record = (await client.process(await fixture('photo.jpg'), 'mine.jpg')).json();
    expect((await client.post('/api/keys', { name: 'laptop' })).statusCode).toBe(201);
    expect(
      (await client.post('/api/contact', { name: 'G', email, subject: 'Delete me', message: 'Please delete my account.', website: '' }))
        .statusCode,
    ).toBe(201);
    await t.database.db.insert(passwordResets).values({
      id: `reset-${id}`,
      userId: id,
      tokenHash: `hash-${id}`,
      createdAt: t.clock.now(),
      expiresAt: t.clock.now(),
    });
    await t.database.db
      .insert(heavyWork)
      .values({ resultId: `heavy-${id}`, userId: id, byGuest: false, clientIp: '198.196.9.9', createdAt: t.clock.now() });
    await t.database.db.insert(confirmationLinks).values({
      id: `confirm-${id}`,
      userId: id,
      purpose: 'email',
      email,
      tokenHash: `confirm-hash-${id}`,
      createdAt: t.clock.now(),
      expiresAt: t.clock.now(),
    });
    expect((await visitor(t.app, nextIp()).post('/api/auth/login', { email, password: 'not the password' })).statusCode).toBe(401);
    const theirFiles = (await t.database.db.select().from(results).where(eq(results.userId, id))).map((row) => row.storageKey);
    expect(theirFiles).toHaveLength(1);
    expect(await readdir(t.resultsDir)).toEqual(expect.arrayContaining(theirFiles));

    const mistyped = await send(admin, 'DELETE', `/api/admin/users/${id}`, { confirmEmail: 'someone@example.com' });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error.fieldCodes).toEqual({ confirmEmail: { code: 'confirmation_mismatch' } });
    expect((await send(admin, 'DELETE', `/api/admin/users/${id}`, {})).statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('active');
    const self = await send(admin, 'DELETE', `/api/admin/users/${adminId}`, { confirmEmail: BOSS });
    expect(self.statusCode).toBe(403);

    const deleted = await send(admin, 'DELETE', `/api/admin/users/${id}`, { confirmEmail: ` ${email.toUpperCase()} ` });
    expect(deleted.statusCode).toBe(204);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('canceled');
    expect((await client.get('/api/auth/user')).json()).toBeNull();
    expect((await client.get(record.objectPath)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/admin/users/${id}`, { confirmEmail: email })).statusCode).toBe(404);

    // Every table: the e-mail nowhere; the id only in the billing record and the audit's ids.
    const dump = await everyTableAsText(t.database.db);
    expect(Object.keys(dump)).toEqual(expect.arrayContaining(['users', 'results', 'contact_messages', 'data_exports']));
    for (const [table, text] of Object.entries(dump)) {
      expect(text, table).not.toContain(email);
      if (table !== 'subscriptions' && table !== 'admin_audit') expect(text, table).not.toContain(id);
    }
    const [kept] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(kept).toMatchObject({ userId: null, status: 'canceled' });
    const filesAfter = await readdir(t.resultsDir);
    expect(filesAfter.filter((name) => theirFiles.includes(name) || name.includes(id))).toEqual([]);

    const trail = (await admin.get(`/api/admin/audit?user=${id}&action=user_deleted`)).json();
    expect(trail.entries).toEqual([
      expect.objectContaining({
        actor: { id: adminId, email: BOSS },
        target: { id, email: null },
        before: expect.objectContaining({ tier: 'premium', isActive: true }),
        after: { deleted: true },
      }),
    ]);
  });
});
