import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { signedUp } from '../developers.js';
import { addressPool, createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.46');

describe.each(databaseKinds)('results that survive a reload on %s', (kind) => {
  let t: TestApp;
  let small: Buffer;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '3', RETENTION_HOURS: '2' });
    small = await sharp(await fixture('photo.jpg')).resize(200).jpeg({ quality: 92 }).toBuffer();
  });
  afterAll(() => t.close());

  it("lists a guest's unexpired results again after a reload, with download links and expiry; others see none of them", async () => {
    const guest = visitor(t.app, nextIp());
    const first = (await guest.process(small, 'first.jpg')).json();
    t.clock.advanceHours(1.5);
    const second = (await guest.process(small, 'second.jpg')).json();

    // A reload is a new page with the same cookie.
    const listed = await guest.get('/api/images/results');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json().items.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
    const [item] = listed.json().items;
    expect(item).toMatchObject({ originalName: 'second.jpg', status: 'completed', objectPath: second.objectPath, expiresAt: second.expiresAt });
    expect((await guest.get(item.objectPath)).statusCode).toBe(200);

    expect((await visitor(t.app, nextIp()).get('/api/images/results')).json().items).toEqual([]);

    // Past retention the first one leaves the list.
    t.clock.advanceHours(1);
    expect((await guest.get('/api/images/results')).json().items.map((i: { id: string }) => i.id)).toEqual([second.id]);
  });

  it("lists a signed-in person's results, including those made as a guest before signing up", async () => {
    const ip = nextIp();
    const browser = visitor(t.app, ip);
    const asGuest = (await browser.process(small, 'before.jpg')).json();
    const register = await browser.post('/api/auth/register', { email: 'reload@example.com', password: 'correct horse battery', firstName: 'Re', lastName: 'Load' });
    expect(register.statusCode).toBe(201);
    const asUser = (await browser.process(small, 'after.jpg')).json();
    const items = (await browser.get('/api/images/results')).json().items.map((i: { id: string }) => i.id);
    expect(items).toEqual(expect.arrayContaining([asGuest.id, asUser.id]));
    expect(items).toHaveLength(2);

    const other = await signedUp(t.app, nextIp(), 'someone-else@example.com');
    expect((await other.client.get('/api/images/results')).json().items).toEqual([]);
  });

  it('removes a result on the server: its file is deleted, it leaves the list and the history, and the quota stays used', async () => {
    const { client } = await signedUp(t.app, nextIp(), 'remove@example.com');
    const record = (await client.process(small, 'gone.jpg')).json();
    const usedBefore = (await client.get('/api/session/current')).json().imagesProcessed;
    expect((await t.store.get(`${record.id}.jpg`)).readable).toBe(true);

    const stranger = visitor(t.app, nextIp());
    expect((await stranger.delete(`/api/images/${record.id}`)).statusCode).toBe(404);
    expect((await client.get(record.objectPath)).statusCode).toBe(200);

    const removed = await client.delete(`/api/images/${record.id}`);
    expect(removed.statusCode).toBe(204);
    await expect(t.store.get(`${record.id}.jpg`)).rejects.toThrow(/missing/);
    expect((await client.get('/api/images/results')).json().items).toEqual([]);
    expect((await client.get('/api/images/history')).json().items).toEqual([]);
    expect((await client.get(record.objectPath)).statusCode).toBe(404);
    expect((await client.delete(`/api/images/${record.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(usedBefore);
  });
});
