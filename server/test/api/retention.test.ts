import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, contactMessages, heavyWork, passwordResets } from '../../src/db/schema/index.js';
import { results } from '../../src/db/schema/results.js';
import { parseEnv } from '../../src/runtime/env.js';
import { retentionSettings, sweepExpired } from '../../src/modules/retention/index.js';
import { addressPool, createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.197');
const DAY_HOURS = 24;

describe.each(databaseKinds)('retention that runs on %s', (kind) => {
  let t: TestApp;
  const settings = {
    CONTACT_RETENTION_DAYS: '10',
    AUDIT_RETENTION_DAYS: '20',
    PASSWORD_RESET_RETENTION_DAYS: '5',
    USAGE_RETENTION_DAYS: '40',
  };
  beforeAll(async () => {
    t = await createTestApp(kind, { ...settings, RETENTION_HOURS: '1' });
  });
  afterAll(() => t.close());

  it('states its defaults and the settings in /api/plans, which the privacy page quotes', async () => {
    expect(retentionSettings(parseEnv({ NODE_ENV: 'test', DATA_DIR: t.resultsDir, SESSION_SECRET: 'x'.repeat(32) }))).toEqual({
      contactMessagesDays: 365,
      auditDays: 730,
      passwordResetDays: 30,
      usageDays: 365,
    });
    expect(() => parseEnv({ NODE_ENV: 'test', DATA_DIR: t.resultsDir, USAGE_RETENTION_DAYS: '31' })).toThrow(/USAGE_RETENTION_DAYS/);
    expect((await visitor(t.app, nextIp()).get('/api/plans')).json().retention).toEqual({
      contactMessagesDays: 10,
      auditDays: 20,
      usageDays: 40,
    });
  });

  it('deletes contact messages, audit rows and reset links past their days, and erases the log’s name, address and owner', async () => {
    const db = t.database.db;
    const client = visitor(t.app, nextIp());
    const { id: userId } = (
      await client.post('/api/auth/register', {
        email: 'kept@example.com',
        password: 'correct horse battery',
        firstName: 'K',
        lastName: 'R',
      })
    ).json();
    const record = (await client.process(await fixture('photo.jpg'), 'holiday.jpg')).json();
    const start = t.clock.now();
    const row = (id: string) => ({ id, name: 'A', email: 'a@example.com', subject: 'S', message: 'M', createdAt: start });
    await db.insert(contactMessages).values([row('old-message')]);
    await db.insert(adminAudit).values({ id: 'old-audit', actor: 'operator', action: 'user_updated', change: {}, createdAt: start });
    await db.insert(passwordResets).values({ id: 'old-reset', userId, tokenHash: 'h-old', createdAt: start, expiresAt: start });
    await db.insert(heavyWork).values({ resultId: 'old-heavy', userId, byGuest: false, clientIp: '198.197.9.9', createdAt: start });
    const settingsNow = retentionSettings(
      parseEnv({ NODE_ENV: 'test', DATA_DIR: t.resultsDir, SESSION_SECRET: 'x'.repeat(32), ...settings }),
    );
    const sweep = () => sweepExpired(db, t.store, t.clock.now(), undefined, settingsNow);
    const ids = async () => ({
      message: (await db.select().from(contactMessages).where(eq(contactMessages.id, 'old-message'))).length,
      audit: (await db.select().from(adminAudit).where(eq(adminAudit.id, 'old-audit'))).length,
      reset: (await db.select().from(passwordResets).where(eq(passwordResets.id, 'old-reset'))).length,
      heavy: (await db.select().from(heavyWork).where(eq(heavyWork.resultId, 'old-heavy'))).length,
    });

    t.clock.advanceHours(4 * DAY_HOURS);
    await sweep();
    expect(await ids()).toEqual({ message: 1, audit: 1, reset: 1, heavy: 1 });
    t.clock.advanceHours(2 * DAY_HOURS);
    expect(await sweep()).toMatchObject({ passwordResets: 1 });
    expect(await ids()).toEqual({ message: 1, audit: 1, reset: 0, heavy: 1 });
    t.clock.advanceHours(5 * DAY_HOURS);
    expect(await sweep()).toMatchObject({ contactMessages: 1 });
    expect(await ids()).toEqual({ message: 0, audit: 1, reset: 0, heavy: 1 });
    t.clock.advanceHours(10 * DAY_HOURS);
    expect(await sweep()).toMatchObject({ auditRows: 1 });
    expect(await ids()).toEqual({ message: 0, audit: 0, reset: 0, heavy: 1 });

    // The processing log: named in the history until its days are past, then only date, sizes and format stay.
    expect((await client.get('/api/images/history')).json().items.map((i: { originalName: string }) => i.originalName)).toContain(
      'holiday.jpg',
    );
    t.clock.advanceHours(20 * DAY_HOURS);
    expect(await sweep()).toMatchObject({ usageForgotten: 1, heavyWork: 1 });
    expect(await ids()).toEqual({ message: 0, audit: 0, reset: 0, heavy: 0 });
    const [forgotten] = await db.select().from(results).where(eq(results.id, record.id));
    expect(forgotten).toMatchObject({ originalName: '', clientIp: '', userId: null, guestSessionId: null, status: 'expired' });
    expect(forgotten!.processedSize).toBeGreaterThan(0);
    // Nothing left names the account in the log (its session has ended by now, after 30 days).
    expect(await db.select().from(results).where(eq(results.userId, userId))).toEqual([]);
  });
});
