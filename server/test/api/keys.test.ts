import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../src/db/schema/index.js';
import { createTestApp, databaseKinds, addressPool, type TestApp } from '../helpers.js';
import { signedUp } from '../developers.js';

const nextIp = addressPool('198.20');

describe.each(databaseKinds)('API key management on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('creates a key shown once, lists it by name and last 4 only, and stores only its hash', async () => {
    const { client } = await signedUp(t.app, nextIp(), 'keys@example.com');
    const created = await client.post('/api/keys', { name: '  CI pipeline ' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id', 'key', 'last4', 'name']);
    expect(body.name).toBe('CI pipeline');
    expect(body.key).toMatch(/^lpx_[A-Za-z0-9_-]{43}$/);
    expect(body.last4).toBe(body.key.slice(-4));

    const list = await client.get('/api/keys');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      maxKeys: 5,
      keys: [{ id: body.id, name: 'CI pipeline', last4: body.last4, createdAt: body.createdAt, lastUsedAt: null, usedThisMonth: 0 }],
    });
    expect(list.body).not.toContain(body.key);

    const rows = await t.database.db.select().from(apiKeys);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(body.key);
  });

  it('allows at most 5 live keys; revoking one makes room', async () => {
    const { client } = await signedUp(t.app, nextIp(), 'five@example.com');
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const response = await client.post('/api/keys', { name: `key ${n}` });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
    }
    const sixth = await client.post('/api/keys', { name: 'one too many' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.message).toMatch(/5 API keys/);

    expect((await client.delete(`/api/keys/${ids[0]}`)).statusCode).toBe(204);
    expect((await client.delete(`/api/keys/${ids[0]}`)).statusCode).toBe(404);
    expect((await client.get('/api/keys')).json().keys.map((key: { id: string }) => key.id)).not.toContain(ids[0]);
    expect((await client.post('/api/keys', { name: 'replacement' })).statusCode).toBe(201);
  });

  it('lets nobody else list or revoke a key, and needs a signed-in user', async () => {
    const { client: owner } = await signedUp(t.app, nextIp(), 'owner@example.com');
    const { id } = (await owner.post('/api/keys', { name: 'mine' })).json();
    const { client: other } = await signedUp(t.app, nextIp(), 'other@example.com');
    expect((await other.delete(`/api/keys/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/keys')).json().keys).toEqual([]);

    const guest = await t.app.inject({ method: 'GET', url: '/api/keys', remoteAddress: nextIp() });
    expect(guest.statusCode).toBe(401);
    const guestCreate = await t.app.inject({ method: 'POST', url: '/api/keys', payload: { name: 'x' }, remoteAddress: nextIp() });
    expect(guestCreate.statusCode).toBe(401);
    expect((await owner.get('/api/keys')).json().keys).toHaveLength(1);
  });

  it('refuses a nameless key and a write from another site', async () => {
    const { client } = await signedUp(t.app, nextIp(), 'strict@example.com');
    const blank = await client.post('/api/keys', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.name).toMatch(/name/);
    expect(blank.json().error.fieldCodes).toEqual({ name: { code: 'required' } });
    const foreign = await client.post('/api/keys', { name: 'csrf' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const { id } = (await client.post('/api/keys', { name: 'kept' })).json();
    const foreignDelete = await client.delete(`/api/keys/${id}`, { origin: 'https://evil.example' });
    expect(foreignDelete.statusCode).toBe(403);
    expect((await client.get('/api/keys')).json().keys).toHaveLength(1);
  });
});
