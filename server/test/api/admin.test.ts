import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, users } from '../../src/db/schema/index.js';
import { createTestApp, databaseKinds, fixture, operatorAdmin, visitor, type TestApp, addressPool } from '../helpers.js';

const nextIp = addressPool('198.20');
const person = (email: string) => ({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });

/** Signs the ADMIN_EMAILS account in on this client, registering it the first time. */
async function signInBoss(client: ReturnType<typeof visitor>) {
  if ((await client.post('/api/auth/register', person('boss@example.com'))).statusCode === 409) {
    expect((await client.post('/api/auth/login', { email: 'boss@example.com', password: 'correct horse battery' })).statusCode).toBe(200);
  }
}

describe.each(databaseKinds)('history and admin on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_FREE: '10', ...operatorAdmin(), RETENTION_HOURS: '1' });
  });
  afterAll(() => t.close());

  it('lists the signed-in user’s results newest first, marks expired ones, and answers 401 signed out', async () => {
    const client = visitor(t.app, nextIp());
    expect((await client.get('/api/images/history')).statusCode).toBe(401);
    await client.post('/api/auth/register', person('history@example.com'));
    const photo = await fixture('photo.jpg');
    await client.process(photo, 'first.jpg');
    t.clock.advanceHours(2);
    await client.process(photo, 'second.jpg');
    const { items } = (await client.get('/api/images/history')).json();
    expect(items.map((i: { originalName: string }) => i.originalName)).toEqual(['second.jpg', 'first.jpg']);
    expect(items[0]).toMatchObject({ status: 'completed' });
    expect(items[1]).toMatchObject({ status: 'expired', objectPath: null });
    // Someone else's history is their own.
    const other = visitor(t.app, nextIp());
    await other.post('/api/auth/register', person('other-history@example.com'));
    expect((await other.get('/api/images/history')).json().items).toEqual([]);
  });

  it('does not let one signed-in user fetch another user’s result', async () => {
    const owner = visitor(t.app, nextIp());
    await owner.post('/api/auth/register', person('owner-404@example.com'));
    const record = (await owner.process(await fixture('photo.jpg'), 'private.jpg')).json();
    const other = visitor(t.app, nextIp());
    await other.post('/api/auth/register', person('other-404@example.com'));
    expect((await other.get(record.objectPath)).statusCode).toBe(404);
    expect((await owner.get(record.objectPath)).statusCode).toBe(200);
  });

  it('answers 401 to anonymous and 403 to non-admin callers on every admin route', async () => {
    const anonymous = visitor(t.app, nextIp());
    const member = visitor(t.app, nextIp());
    await member.post('/api/auth/register', person('member@example.com'));
    for (const [method, url] of [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['PATCH', '/api/admin/users/x'],
    ] as const) {
      const request = (client: ReturnType<typeof visitor>) =>
        t.app.inject({ method, url, headers: { cookie: client.cookie }, payload: method === 'PATCH' ? { isActive: false } : undefined });
      expect((await request(anonymous)).statusCode, url).toBe(401);
      expect((await request(member)).statusCode, url).toBe(403);
    }
  });

  it('searches users by part of the e-mail and pages beyond 50, with the total', async () => {
    const admin = visitor(t.app, nextIp());
    await signInBoss(admin);
    const base = Date.parse('2026-01-01T00:00:00Z');
    await t.database.db.insert(users).values(
      Array.from({ length: 60 }, (_, i) => ({
        id: `paged-${i}`,
        username: `paged${i}`,
        email: `paged-${String(i).padStart(2, '0')}@crowd.example`,
        passwordHash: 'not-a-hash',
        firstName: 'P',
        lastName: 'Q',
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = (await admin.get('/api/admin/users?q=CROWD.example')).json();
    expect(first).toMatchObject({ total: 60, page: 1, pageSize: 50 });
    expect(first.users).toHaveLength(50);
    expect(first.users[0].email).toBe('paged-59@crowd.example');
    const second = (await admin.get('/api/admin/users?q=crowd.example&page=2')).json();
    expect(second.users.map((u: { email: string }) => u.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `paged-${String(9 - i).padStart(2, '0')}@crowd.example`),
    );
    expect((await admin.get('/api/admin/users?q=paged-07')).json().users.map((u: { id: string }) => u.id)).toEqual(['paged-7']);
    // LIKE's wildcards are searched as text.
    expect((await admin.get('/api/admin/users?q=paged_0')).json().total).toBe(0);
    expect((await admin.get('/api/admin/users?page=0')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/users?page=abc')).statusCode).toBe(400);
  });

  it('shows stats and users, changes tier and activation with an audit trail, and ends a deactivated user’s sessions', async () => {
    const admin = visitor(t.app, nextIp());
    await signInBoss(admin);
    const target = visitor(t.app, nextIp());
    const { id } = (await target.post('/api/auth/register', person('target-admin@example.com'))).json();
    await target.process(await fixture('photo.jpg'), 'a.jpg');

    const stats = (await admin.get('/api/admin/stats')).json();
    expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
    // The documented contract's field, beside the panel's name for the same count.
    expect(stats.registeredUsers).toBeGreaterThanOrEqual(1);
    expect(stats.registeredUsers).toBe(stats.freeAccounts);
    expect(stats.totalImages).toBeGreaterThanOrEqual(1);
    const row = (await admin.get('/api/admin/users?q=target-admin')).json().users.find((u: { id: string }) => u.id === id);
    expect(row).toMatchObject({ email: 'target-admin@example.com', tier: 'registered', isActive: true, imagesProcessedTotal: 1 });
    expect(JSON.stringify(row)).not.toMatch(/password/i);

    const patch = (body: unknown, userId = id) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}`, headers: { cookie: admin.cookie }, payload: body as object });
    expect((await patch({ tier: 'premium' })).json()).toMatchObject({ tier: 'premium' });
    // "Free accounts" counts what it says: the account moves to Premium, the total stays.
    const after = (await admin.get('/api/admin/stats')).json();
    expect(after).toMatchObject({
      totalUsers: stats.totalUsers,
      registeredUsers: stats.registeredUsers - 1,
      freeAccounts: stats.freeAccounts - 1,
      premiumUsers: stats.premiumUsers + 1,
    });
    expect((await target.get('/api/session/current')).json()).toMatchObject({ tier: 'premium', maxImages: null });
    expect((await patch({ tier: 'gold' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ isActive: false }, 'no-such-user')).statusCode).toBe(404);

    expect((await patch({ isActive: false })).json()).toMatchObject({ isActive: false });
    expect((await target.get('/api/auth/user')).json()).toBeNull();
    const adminRow = (await admin.get('/api/auth/user')).json();
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, id));
    expect(audit.map((a) => a.change)).toEqual(expect.arrayContaining([{ tier: 'premium' }, { isActive: false }]));
    expect(audit.every((a) => a.actor === adminRow.id)).toBe(true);
  });
});

describe.each(databaseKinds)('the operator command on %s', (kind) => {
  it('grants and revokes the admin role by e-mail, with an audit row', async () => {
    const { setAdminRole } = await import('../../src/modules/admin/users.js');
    const t = await createTestApp(kind);
    try {
      const client = visitor(t.app, '198.20.9.9');
      const { id } = (await client.post('/api/auth/register', person('helper@example.com'))).json();
      expect((await client.get('/api/admin/stats')).statusCode).toBe(403);
      await setAdminRole(t.database.db, ' Helper@Example.com ', true);
      expect((await client.get('/api/admin/stats')).statusCode).toBe(200);
      expect((await client.get('/api/auth/user')).json().isAdmin).toBe(true);
      await setAdminRole(t.database.db, 'helper@example.com', false);
      expect((await client.get('/api/admin/stats')).statusCode).toBe(403);
      await expect(setAdminRole(t.database.db, 'nobody@example.com', true)).rejects.toThrow(/No account/);
      const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, id));
      expect(audit).toHaveLength(2);
      expect(audit.map((a) => [a.actor, a.change])).toEqual(
        expect.arrayContaining([
          ['operator', { isAdmin: true }],
          ['operator', { isAdmin: false }],
        ]),
      );
    } finally {
      await t.close();
    }
  });
});
