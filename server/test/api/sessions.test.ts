import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.js';
import { results } from '../../src/db/schema/results.js';
import { sweepExpired } from '../../src/modules/retention/index.js';
import { addressPool, createTestApp, databaseKinds, visitor, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.51');
const DAY_HOURS = 24;
const person = (email: string) => ({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });

describe.each(databaseKinds)('session lifetime and the sweeper on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('keeps a signed-in session for 30 days by the app clock, then treats the visitor as a new guest', async () => {
    const client = visitor(t.app, nextIp());
    expect((await client.post('/api/auth/register', person('lifetime@example.com'))).statusCode).toBe(201);
    t.clock.advanceHours(29 * DAY_HOURS);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ email: 'lifetime@example.com' });
    t.clock.advanceHours(2 * DAY_HOURS);
    // Signed out reads as 200 null (decision 0055).
    expect((await client.get('/api/auth/user')).json()).toBeNull();
    expect((await client.get('/api/session/current')).json()).toMatchObject({ tier: 'guest' });
  });

  it('deletes expired sessions and gives back the units of reservations that died mid-way', async () => {
    const now = t.clock.now();
    const expiredSession = `expired-${randomUUID()}`;
    const liveSession = `live-${randomUUID()}`;
    await t.database.db.insert(sessions).values([
      { id: expiredSession, data: {}, expiresAt: new Date(now.getTime() - 1000) },
      { id: liveSession, data: {}, expiresAt: new Date(now.getTime() + 3600_000) },
    ]);
    const reservation = (id: string, minutesAgo: number, kind: 'image' | 'deck' = 'image') => ({
      id,
      kind,
      guestSessionId: liveSession,
      clientIp: '198.51.0.250',
      originalName: 'a.jpg',
      originalSize: 1,
      status: 'processing' as const,
      createdAt: new Date(now.getTime() - minutesAgo * 60_000),
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    const dead = randomUUID();
    const running = randomUUID();
    const deck = randomUUID();
    // A live job is at most its wait and its wall-clock limit old (decision 0173): an image's 16 minutes is a
    // dead request's; a deck may run 20 minutes, so at 16 it may still be running.
    await t.database.db.insert(results).values([reservation(dead, 16), reservation(running, 0), reservation(deck, 16, 'deck')]);

    const report = await sweepExpired(t.database.db, t.store, now);

    expect(report.sessions).toBeGreaterThanOrEqual(1);
    expect(report.staleReservations).toBe(1);
    const left = async (table: typeof sessions | typeof results, id: string) =>
      (await t.database.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length;
    expect(await left(sessions, expiredSession)).toBe(0);
    expect(await left(sessions, liveSession)).toBe(1);
    expect(await left(results, dead)).toBe(0);
    expect(await left(results, running)).toBe(1);
    expect(await left(results, deck)).toBe(1);
  });

  it('at the start of a lone instance, gives back every reservation a crash left behind', async () => {
    const now = t.clock.now();
    const crashed = randomUUID();
    await t.database.db.insert(results).values({
      id: crashed,
      guestSessionId: `crashed-${randomUUID()}`,
      clientIp: '198.51.0.251',
      originalName: 'a.jpg',
      originalSize: 1,
      status: 'processing',
      createdAt: new Date(now.getTime() - 30_000),
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    expect((await sweepExpired(t.database.db, t.store, now)).staleReservations).toBe(0);
    expect((await sweepExpired(t.database.db, t.store, now, 0)).staleReservations).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select({ id: results.id }).from(results).where(eq(results.id, crashed))).toEqual([]);
  });
});
