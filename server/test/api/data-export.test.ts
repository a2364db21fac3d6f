import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@lightpix/shared';
import { apiKeys, dataExports, sessions, users } from '../../src/db/schema/index.js';
import { results } from '../../src/db/schema/results.js';
import { sweepExpired } from '../../src/modules/retention/index.js';
import { fileResultStore, type ResultStore } from '../../src/storage/result-store.js';
import { postWebhook, stripeSettings, StripeFake, subscriber } from '../billing-helpers.js';
import { addressPool, createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';
import { readable, startMailCatcher } from '../mail-catcher.js';
import { unzip } from '../zip.js';

const nextIp = addressPool('198.43');
const PUBLIC_URL = 'http://lightpix.test';
type Client = ReturnType<typeof visitor>;

/** Polls the account's export until it is no longer queued or running; every answer seen, in order. */
async function exportSettled(client: Client, pauseMs = 20) {
  const seen: Array<{ status: string; progress: number }> = [];
  for (let i = 0; i < 500; i++) {
    const { export: current } = (await client.get(apiPaths.accountExport)).json();
    seen.push({ status: current.status, progress: current.progress });
    if (current.status !== 'queued' && current.status !== 'running') return { current, seen };
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  throw new Error(`the export did not finish: ${JSON.stringify(seen.slice(-3))}`);
}

/** Asks for an export, waits for it and downloads it: the ZIP's entries by name. */
async function exportOf(client: Client, language = 'en') {
  const asked = await client.post(apiPaths.accountExport, { language });
  expect(asked.statusCode, asked.body).toBe(202);
  const { current } = await exportSettled(client);
  expect(current.status).toBe('ready');
  const download = await client.get(current.downloadPath);
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  const entries = await unzip(download.rawPayload);
  return { current, download, entries: new Map(entries.map((entry) => [entry.name, entry.data])) };
}

const json = (entries: Map<string, Buffer>) => JSON.parse(entries.get('lightpix-data.json')!.toString('utf8'));

describe.each(databaseKinds)('"Download my data" on %s', (kind) => {
  let fake: StripeFake;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await new StripeFake().start();
    mail = await startMailCatcher();
    t = await createTestApp(kind, {
      ...stripeSettings(fake),
      SMTP_URL: mail.url,
      MAIL_FROM: 'Lightpix <noreply@lightpix.test>',
      PUBLIC_URL,
      RETENTION_HOURS: '24',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    await mail.close();
  });

  it('holds the account, plan, subscription, invoices, keys, results, messages and files, nothing of another user and no secret', async () => {
    const db = t.database.db;
    const { client, id } = await subscriber(t, nextIp());
    const [user] = await db.select().from(users).where(eq(users.id, id));
    await client.post('/api/subscription/create', {});
    const [withCustomer] = await db.select().from(users).where(eq(users.id, id));
    const subscription = fake.subscriptionsOf(withCustomer!.stripeCustomerId!)[0]!;
    fake.update(subscription.id, { status: 'active' });
    await postWebhook(t, fake.event('invoice.paid', subscription));
    const kept = (await client.process(await fixture('photo.jpg'), 'holiday.jpg')).json();
    const removed = (await client.process(await fixture('photo.jpg'), 'gone.jpg')).json();
    expect((await client.delete(`/api/images/${removed.id}`)).statusCode).toBe(204);
    const key = (await client.post('/api/keys', { name: 'laptop' })).json();
    const message = { name: 'Grace', email: user!.email, subject: 'A question', message: 'How long do you keep my files?', website: '' };
    expect((await client.post('/api/contact', message)).statusCode).toBe(201);
    const unsigned = { ...message, subject: 'Sent signed out', website: '' };
    expect((await visitor(t.app, nextIp()).post('/api/contact', unsigned)).statusCode).toBe(201);

    // Someone else, with their own things.
    const other = await subscriber(t, nextIp());
    const [otherUser] = await db.select().from(users).where(eq(users.id, other.id));
    await other.client.process(await fixture('photo.jpg'), 'not-yours.jpg');
    const otherKey = (await other.client.post('/api/keys', { name: 'their key' })).json();
    await other.client.post('/api/contact', { ...message, email: otherUser!.email, subject: 'Their question' });

    const { entries, download } = await exportOf(client, 'it');
    expect(download.headers['content-disposition']).toMatch(/lightpix-data-\d{4}-\d{2}-\d{2}\.zip/);
    expect([...entries.keys()].sort()).toEqual(['README.txt', 'lightpix-data.json', 'results/holiday.jpg']);
    const data = json(entries);
    expect(data).toMatchObject({
      format: 'lightpix-data-export',
      version: 1,
      account: { id, email: user!.email, firstName: 'Grace', lastName: 'Hopper', username: user!.username },
      settings: { plan: 'premium', complimentaryPremium: false, active: true, admin: false },
      subscriptions: [{ status: 'active', cancelAtPeriodEnd: false }],
      invoices: { complete: true, items: [{ status: 'paid', total: 200, currency: 'eur' }] },
      apiKeys: [{ name: 'laptop', revokedAt: null }],
    });
    expect(data.invoices.items[0].number).toMatch(/^LP-/);
    // Both made at the same instant of the test's clock: in either order.
    const listed = data.results.map((r: { name: string; status: string; file: string | null }) => [r.name, r.status, r.file]);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        ['holiday.jpg', 'completed', 'results/holiday.jpg'],
        ['gone.jpg', 'removed', null],
      ]),
    );
    const holiday = data.results.find((r: { name: string }) => r.name === 'holiday.jpg');
    expect(holiday).toMatchObject({ originalSize: (await fixture('photo.jpg')).length, processedSize: kept.processedSize });
    expect(entries.get('results/holiday.jpg')?.equals((await client.get(kept.objectPath)).rawPayload)).toBe(true);
    expect(data.contactMessages.map((m: { subject: string }) => m.subject).sort()).toEqual(['A question', 'Sent signed out']);
    expect(entries.get('README.txt')!.toString()).toContain('lightpix-data.json');

    // Nothing of the other user, and no secret of anyone: password hash, API key or its hash, session ids, Stripe ids.
    const everything = [...entries.values()].map((data) => data.toString('latin1')).join('\n');
    const [keyRow] = await db.select().from(apiKeys).where(eq(apiKeys.userId, id));
    const sessionIds = (await db.select().from(sessions).where(eq(sessions.userId, id))).map((s) => s.id);
    expect(sessionIds.length).toBeGreaterThan(0);
    const secrets = [
      user!.passwordHash,
      key.key,
      keyRow!.hash,
      ...sessionIds,
      client.cookie.split('=')[1]!,
      withCustomer!.stripeCustomerId!,
      subscription.id,
      otherUser!.email,
      otherKey.key,
      'not-yours',
      'their key',
      'Their question',
    ];
    for (const secret of secrets) expect(everything, secret).not.toContain(secret);
    expect(everything).not.toMatch(/passwordHash|password_hash|\$argon2/);

    // Announced by e-mail in the language asked, pointing at the account page.
    const announced = await mail.next((m) => m.recipients.includes(user!.email));
    expect(readable(announced)).toContain(`${PUBLIC_URL}/account`);
    expect(readable(announced)).toContain('24 ore');
  });

  it('shows its progress while it is made, and keeps one at a time, one an hour', async () => {
    const { client, id } = await subscriber(t, nextIp());
    const idle = (await client.get(apiPaths.accountExport)).json();
    expect(idle).toEqual({ export: null, keptHours: 24 });
    // An export in progress (queued by another tab) holds the next.
    await t.database.db.insert(dataExports).values({
      id: `running-${id}`,
      userId: id,
      status: 'running',
      progress: 40,
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 3600_000),
    });
    expect((await client.get(apiPaths.accountExport)).json().export).toMatchObject({ status: 'running', progress: 40, downloadPath: null });
    const running = await client.post(apiPaths.accountExport, {});
    expect(running.statusCode).toBe(429);
    expect(running.json().error).toMatchObject({ code: 'rate_limited', params: { reason: 'export_running' } });
    expect(running.headers['retry-after']).toBeDefined();
    // Lost with its process: past 15 minutes it no longer holds anyone.
    t.clock.advanceHours(0.3);
    expect((await client.get(apiPaths.accountExport)).json().export.status).toBe('failed');
    const first = await exportOf(client);

    const again = await client.post(apiPaths.accountExport, {});
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toMatchObject({ code: 'rate_limited', params: { reason: 'export_recent', minutes: 60 } });
    expect(Number(again.headers['retry-after'])).toBe(3600);
    t.clock.advanceHours(1);
    const second = await exportOf(client);
    expect(second.current.id).not.toBe(first.current.id);
    // Only the newest is kept: the first one's link and file are gone.
    expect((await client.get(first.current.downloadPath)).statusCode).toBe(404);
    expect((await readdir(t.resultsDir)).filter((name) => name.includes(first.current.id))).toEqual([]);
  });

  it('gives the ZIP to its signed-in owner only, and not after it expired', async () => {
    const { client, id } = await subscriber(t, nextIp());
    const { current } = await exportOf(client);
    expect(Date.parse(current.expiresAt) - t.clock.now().getTime()).toBe(24 * 3600_000);
    const stranger = await subscriber(t, nextIp());
    expect((await stranger.client.get(current.downloadPath)).statusCode).toBe(404);
    expect((await visitor(t.app, nextIp()).get(current.downloadPath)).statusCode).toBe(401);
    expect((await client.get(`/api/account/export/${current.id}x/download`)).statusCode).toBe(404);

    t.clock.advanceHours(24);
    const late = await client.get(current.downloadPath);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toMatchObject({ code: 'result_expired', params: { reason: 'export' } });
    expect((await readdir(t.resultsDir)).filter((name) => name.includes(current.id))).toEqual([]);
    expect((await client.get(apiPaths.accountExport)).json().export).toBeNull();

    // The sweeper deletes one nobody asked for again, file and row.
    t.clock.advanceHours(2);
    const next = await exportOf(client);
    t.clock.advanceHours(24);
    const report = await sweepExpired(t.database.db, t.store, t.clock.now());
    expect(report.dataExports).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(dataExports).where(eq(dataExports.userId, id))).toEqual([]);
    expect((await readdir(t.resultsDir)).filter((name) => name.includes(next.current.id))).toEqual([]);
  });

  it('goes with the account when it is deleted', async () => {
    const { client, id } = await subscriber(t, nextIp());
    const { current } = await exportOf(client);
    expect((await readdir(t.resultsDir)).filter((name) => name.includes(current.id))).toHaveLength(1);
    const gone = await client.request('DELETE', apiPaths.account, { password: 'correct horse battery' });
    expect(gone.statusCode).toBe(204);
    expect(await t.database.db.select().from(dataExports).where(eq(dataExports.userId, id))).toEqual([]);
    expect((await readdir(t.resultsDir)).filter((name) => name.includes(current.id))).toEqual([]);
  });
});

describe.each(databaseKinds)('an export of an account with many stored results on %s', (kind) => {
  let t: TestApp;
  // Each stored file takes a moment to open, as from a bucket, so the page sees the progress move.
  const slowStore = (directory: string): ResultStore => {
    const store = fileResultStore(directory);
    return {
      ...store,
      async get(key) {
        if (!key.startsWith('export-')) await new Promise((resolve) => setTimeout(resolve, 150));
        return store.get(key);
      },
    };
  };
  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { store: slowStore });
  });
  afterAll(() => t.close());

  it('reports progress from queued to ready, never going back, and holds every file', async () => {
    const { client, id } = await subscriber(t, nextIp());
    const now = t.clock.now();
    const bytes = Buffer.alloc(256 * 1024, 7);
    for (let n = 1; n <= 8; n++) {
      await t.store.put(`stored-${id}-${n}`, bytes);
      await t.database.db.insert(results).values({
        id: `result-${id}-${n}`,
        userId: id,
        clientIp: '198.43.0.1',
        originalName: `scan ${n}.png`,
        originalSize: 300 * 1024,
        processedSize: bytes.length,
        status: 'completed',
        format: 'png',
        storageKey: `stored-${id}-${n}`,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 3600_000),
      });
    }
    expect((await client.post(apiPaths.accountExport, {})).statusCode).toBe(202);
    const { current, seen } = await exportSettled(client, 40);
    expect(current).toMatchObject({ status: 'ready', progress: 100 });
    const during = seen.filter((s) => s.status === 'running' && s.progress > 5 && s.progress < 100);
    expect(during.length).toBeGreaterThan(0);
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const zip = new Map((await unzip((await client.get(current.downloadPath)).rawPayload)).map((e) => [e.name, e.data]));
    // Compared as bytes (a deep equality of large buffers takes seconds).
    for (let n = 1; n <= 8; n++) expect(zip.get(`results/scan ${n}.png`)?.equals(bytes), `scan ${n}.png`).toBe(true);
    expect(current.size).toBe((await client.get(current.downloadPath)).rawPayload.length);
  });
});
