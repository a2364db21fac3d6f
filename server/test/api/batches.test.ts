import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import PQueue from 'p-queue';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { results } from '../../src/db/schema/results.js';
import { sweepExpired } from '../../src/modules/retention/index.js';
import { signedUp } from '../developers.js';
import { addressPool, createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';
import { unzip } from '../zip.js';

const nextIp = addressPool('198.45');

/** A small photo-like JPEG of its own per index, so every result's bytes differ. */
async function smallPhoto(base: Buffer, index: number): Promise<Buffer> {
  return sharp(base)
    .resize(160 + (index % 40))
    .modulate({ hue: index * 7 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function premiumPerson(t: TestApp, email: string) {
  const person = await signedUp(t.app, nextIp(), email);
  await t.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, person.userId));
  return person;
}

describe.each(databaseKinds)('premium batches and their ZIP on %s', (kind) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    // RETENTION_HOURS as in production would do; 2 lets one test expire a result by moving the clock.
    t = await createTestApp(kind, { RETENTION_HOURS: '2', QUOTA_GUEST: '5' });
    photo = await fixture('photo.jpg');
  });
  afterAll(() => t.close());

  // A hundred real image jobs: minutes on a loaded 2-core machine, not the default 30 s.
  it('takes a 100-file batch a few at a time at the production rate limit, and zips every result once', { timeout: 300_000 }, async () => {
    const { client } = await premiumPerson(t, 'batch100@example.com');
    const batchId = randomUUID();
    const files = await Promise.all(Array.from({ length: 100 }, (_, i) => smallPhoto(photo, i)));
    // Every tenth file is called photo.jpg, as cameras and phones repeat names across folders.
    const nameOf = (i: number) => (i % 10 === 0 ? 'photo.jpg' : `IMG_${String(i).padStart(4, '0')}.jpg`);
    const queue = new PQueue({ concurrency: 3 });
    const statuses: number[] = [];
    const records: { id: string; objectPath: string; createdAt: string; batchId: string | null }[] = [];
    await Promise.all(
      files.map((file, i) =>
        queue.add(async () => {
          const response = await client.process(file, nameOf(i), { batchId });
          statuses.push(response.statusCode);
          if (response.statusCode === 201) records.push(response.json());
          // The page's worst case: it reads the session again after every file.
          expect((await client.get('/api/session/current')).statusCode).toBe(200);
        }),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(records.every((record) => record.batchId === batchId)).toBe(true);

    const response = await client.get(`/api/batches/${batchId}/zip`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    // Named with the day it was made (the test clock's 2026-11-21), decision 0223.
    expect(response.headers['content-disposition']).toBe('attachment; filename="lightpix-2026-11-21.zip"');
    const entries = await unzip(response.rawPayload);
    expect(entries).toHaveLength(100);
    const names = entries.map((entry) => entry.name);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(100);
    expect(names.filter((name) => /^photo( \(\d+\))?\.jpg$/.test(name)).sort()).toEqual(
      ['photo.jpg', ...Array.from({ length: 9 }, (_, i) => `photo (${i + 2}).jpg`)].sort(),
    );
    // JPEG data is stored, not deflated again.
    expect(entries.every((entry) => entry.compressionMethod === 0)).toBe(true);

    // Entries come in the order the results were made; each holds exactly what its download gives.
    const made = [...records].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    for (const [index, record] of made.entries()) {
      const stored = await t.store.get(`${record.id}.jpg`);
      const chunks: Buffer[] = [];
      for await (const chunk of stored) chunks.push(chunk as Buffer);
      expect(entries[index]!.data.equals(Buffer.concat(chunks))).toBe(true);
    }
    for (const index of [0, 10, 55, 99]) {
      const download = await client.get(made[index]!.objectPath);
      expect(download.statusCode).toBe(200);
      expect(entries[index]!.data.equals(download.rawPayload)).toBe(true);
    }
  });

  it('keeps the chosen folders, names clashes "photo (2).jpg" and orders entries as they were made', async () => {
    const { client } = await premiumPerson(t, 'folders@example.com');
    const batchId = randomUUID();
    const upload = async (index: number, relativePath: string, format = '') => {
      t.clock.advanceHours(0.001);
      const name = relativePath.split('/').pop()!;
      const response = await client.process(await smallPhoto(photo, index), name, { batchId, relativePath, format });
      expect(response.statusCode).toBe(201);
      return response.json();
    };
    const a = await upload(1, 'Holiday/Day 1/photo.jpg');
    const b = await upload(2, 'Holiday/Day 2/photo.jpg');
    const c = await upload(3, 'Holiday/Day 1/PHOTO.jpg');
    const d = await upload(4, 'Holiday/../../etc/passwd.jpg');
    const e = await upload(5, 'Holiday/Day 1/photo.png', 'webp');
    expect([a.folder, d.folder]).toEqual(['Holiday/Day 1', 'Holiday/etc']);

    const response = await client.get(`/api/batches/${batchId}/zip`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Holiday-2026-11-21.zip');
    const entries = await unzip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'Holiday/Day 1/photo.jpg',
      'Holiday/Day 2/photo.jpg',
      'Holiday/Day 1/PHOTO (2).jpg',
      'Holiday/etc/passwd.jpg',
      'Holiday/Day 1/photo.webp',
    ]);
    for (const [index, record] of [a, b, c, d, e].entries()) {
      expect(entries[index]!.data.equals((await client.get(record.objectPath)).rawPayload)).toBe(true);
    }
  });

  it('writes folders and names stored before they were cleaned without bidi or control characters, in every part of the path', async () => {
    const { client } = await premiumPerson(t, 'old-folders@example.com');
    const batchId = randomUUID();
    const record = (await client.process(await smallPhoto(photo, 13), 'photo.jpg', { batchId, relativePath: 'Holiday/photo.jpg' })).json();
    // As a row written before decision 0182 holds them: U+202E, a C1 NEL and a TAB in the folders, U+202E and U+0085 in the name.
    await t.database.db
      .update(results)
      .set({ folder: 'Holiday\u202Egpj.exe/Day\u0085 1/\u2067..\u2069/x\ty', originalName: 'IMG\u202E\u0085gpj.exe.jpg' })
      .where(eq(results.id, record.id));

    const response = await client.get(`/api/batches/${batchId}/zip`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Holidaygpj.exe-2026-11-21.zip');
    const entries = await unzip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['Holidaygpj.exe/Day 1/xy/IMGgpj.exe.jpg']);
    expect(entries[0]!.data.equals((await client.get(record.objectPath)).rawPayload)).toBe(true);
  });

  it('answers 404 to everyone but the owner, and for a batch that does not exist', async () => {
    const owner = await premiumPerson(t, 'owner@example.com');
    const batchId = randomUUID();
    expect((await owner.client.process(await smallPhoto(photo, 7), 'mine.jpg', { batchId })).statusCode).toBe(201);
    expect((await owner.client.get(`/api/batches/${batchId}/zip`)).statusCode).toBe(200);

    const otherUser = await premiumPerson(t, 'other@example.com');
    const guest = visitor(t.app, nextIp());
    for (const response of [
      await otherUser.client.get(`/api/batches/${batchId}/zip`),
      await guest.get(`/api/batches/${batchId}/zip`),
      await t.app.inject({ method: 'GET', url: `/api/batches/${batchId}/zip`, remoteAddress: nextIp() }),
      await owner.client.get(`/api/batches/${randomUUID()}/zip`),
      await owner.client.get('/api/batches/not-a-uuid/zip'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('refuses a batchId that is not a UUID with 400', async () => {
    const guest = visitor(t.app, nextIp());
    const response = await guest.process(await smallPhoto(photo, 8), 'x.jpg', { batchId: '../../x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.batchId).toBeTruthy();
  });

  it("zips a guest's own batch too", async () => {
    const guest = visitor(t.app, nextIp());
    const batchId = randomUUID();
    const record = (await guest.process(await smallPhoto(photo, 9), 'guest.jpg', { batchId })).json();
    const entries = await unzip((await guest.get(`/api/batches/${batchId}/zip`)).rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['guest.jpg']);
    expect(entries[0]!.data.equals((await guest.get(record.objectPath)).rawPayload)).toBe(true);
  });

  it('leaves expired results out and lists them in not-included.txt; 410 once all have expired', async () => {
    const { client } = await premiumPerson(t, 'expiry@example.com');
    const batchId = randomUUID();
    expect((await client.process(await smallPhoto(photo, 11), 'early.jpg', { batchId })).statusCode).toBe(201);
    t.clock.advanceHours(1.5);
    const late = (await client.process(await smallPhoto(photo, 12), 'late.jpg', { batchId })).json();
    t.clock.advanceHours(1);
    await sweepExpired(t.database.db, t.store, t.clock.now());

    const entries = await unzip((await client.get(`/api/batches/${batchId}/zip`)).rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['late.jpg', 'not-included.txt']);
    expect(entries[0]!.data.equals((await client.get(late.objectPath)).rawPayload)).toBe(true);
    const note = entries[1]!.data.toString('utf8');
    expect(note).toContain('early.jpg: expired on');
    expect(note).not.toContain('late.jpg');

    t.clock.advanceHours(2);
    // No sweep ran: the late file goes with the 410, as every download does (modules/results).
    expect(await readdir(t.resultsDir)).toContain(`${late.id}.jpg`);
    const gone = await client.get(`/api/batches/${batchId}/zip`);
    expect(gone.statusCode).toBe(410);
    expect(await readdir(t.resultsDir)).not.toContain(`${late.id}.jpg`);
    expect(gone.json().error.code).toBe('result_expired');
  });
});
