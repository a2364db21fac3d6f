import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { results } from '../../src/db/schema/results.js';
import { signedUp } from '../developers.js';
import { addressPool, createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.46');

describe.each(databaseKinds)('results that survive a reload on %s', (kind) => {
  let t: TestApp;
  let small: Buffer;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '3', RETENTION_HOURS: '2' });
    small = await sharp(await fixture('photo.jpg'))
      .resize(200)
      .jpeg({ quality: 92 })
      .toBuffer();
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
    expect(item).toMatchObject({
      originalName: 'second.jpg',
      status: 'completed',
      objectPath: second.objectPath,
      expiresAt: second.expiresAt,
    });
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
    const register = await browser.post('/api/auth/register', {
      email: 'reload@example.com',
      password: 'correct horse battery',
      firstName: 'Re',
      lastName: 'Load',
    });
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

  it('pages results and history 20 at a time by cursor, newest first, each row once, decks apart from images', async () => {
    const { client, userId } = await signedUp(t.app, nextIp(), 'long-history@example.com');
    const now = t.clock.now();
    // 45 images and 3 decks; five share one millisecond, so the id breaks the tie.
    const rows = Array.from({ length: 48 }, (_, index) => ({
      id: `paged-${String(index).padStart(2, '0')}`,
      userId,
      clientIp: '198.46.0.1',
      originalName: `photo-${index}.jpg`,
      originalSize: 1000,
      processedSize: 500,
      status: 'completed' as const,
      format: index < 45 ? 'jpeg' : 'pptx',
      kind: index < 45 ? ('image' as const) : ('deck' as const),
      storageKey: `paged-${index}`,
      createdAt: new Date(now.getTime() - 60_000 + (index < 5 ? 0 : index) * 1000),
      expiresAt: new Date(now.getTime() + 3_600_000),
    }));
    await t.database.db.insert(results).values(rows);

    async function all(path: string) {
      const pages: { items: { id: string }[]; nextCursor: string | null }[] = [];
      let cursor: string | null = null;
      do {
        const separator = path.includes('?') ? '&' : '?';
        const response = await client.get(cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path);
        expect(response.statusCode).toBe(200);
        pages.push(response.json());
        cursor = pages.at(-1)!.nextCursor;
      } while (cursor && pages.length < 10);
      return pages;
    }

    const images = await all('/api/images/results');
    expect(images.map((page) => page.items.length)).toEqual([20, 20, 5]);
    const imageIds = images.flatMap((page) => page.items.map((item) => item.id));
    const expectedImages = rows
      .filter((row) => row.kind === 'image')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((row) => row.id);
    expect(imageIds).toEqual(expectedImages);

    const decks = await all('/api/images/results?kind=deck');
    expect(decks.flatMap((page) => page.items.map((item) => item.id))).toEqual(['paged-47', 'paged-46', 'paged-45']);
    expect(decks[0]!.nextCursor).toBeNull();

    const history = await all('/api/images/history');
    expect(history.map((page) => page.items.length)).toEqual([20, 20, 8]);
    expect(new Set(history.flatMap((page) => page.items.map((item) => item.id))).size).toBe(48);
    expect((await all('/api/images/history?kind=deck')).flatMap((page) => page.items.map((item) => item.id))).toEqual([
      'paged-47',
      'paged-46',
      'paged-45',
    ]);

    const broken = await client.get('/api/images/history?cursor=not-a-cursor');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('invalid_input');
    expect((await client.get('/api/images/results?kind=folder')).statusCode).toBe(400);
  });
  it('lists a deck still being optimised on the PowerPoint page, so a reload keeps it in view; an image in progress is not listed', async () => {
    const { client, userId } = await signedUp(t.app, nextIp(), 'deck-in-progress@example.com');
    const now = t.clock.now();
    const row = (id: string, kind: 'image' | 'deck') => ({
      id,
      userId,
      clientIp: '198.46.0.2',
      originalName: kind === 'deck' ? 'talk.pptx' : 'photo.jpg',
      originalSize: 1000,
      status: 'processing' as const,
      kind,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    await t.database.db.insert(results).values([row('deck-working', 'deck'), row('image-working', 'image')]);

    const decks = (await client.get('/api/images/results?kind=deck')).json().items;
    expect(decks).toEqual([
      expect.objectContaining({ id: 'deck-working', originalName: 'talk.pptx', status: 'processing', objectPath: null }),
    ]);
    expect((await client.get('/api/images/results')).json().items).toEqual([]);
    expect((await visitor(t.app, nextIp()).get('/api/images/results?kind=deck')).json().items).toEqual([]);
  });
});
