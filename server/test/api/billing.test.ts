import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents, subscriptions, users } from '../../src/db/schema/index.js';
import { addressPool, databaseKinds, type TestApp } from '../helpers.js';
import { billingApp, postWebhook, PUBLISHABLE_KEY, StripeFake, subscriber, tierOf } from '../billing-helpers.js';

const nextIp = addressPool('198.30');

describe.each(databaseKinds)('subscriptions and webhooks on %s', (kind) => {
  let fake: StripeFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await new StripeFake().start();
    t = await billingApp(kind, fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  /** A user who started paying: their one subscription in the fake, still incomplete. */
  async function startPaying() {
    const person = await subscriber(t, nextIp());
    const created = await person.client.post('/api/subscription/create', { attemptId: `attempt-${person.id}` });
    expect(created.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    const [subscription] = fake.subscriptionsOf(user!.stripeCustomerId!);
    return { ...person, customerId: user!.stripeCustomerId!, subscription: subscription!, created: created.json() };
  }

  it('creates a customer and an incomplete subscription and answers its first invoice’s client secret', async () => {
    const before = fake.count('POST', '/v1/customers');
    const { client, customerId, subscription, created } = await startPaying();
    expect(created).toEqual({
      clientSecret: `${subscription.invoice}_secret_${subscription.id.slice(4)}`,
      publishableKey: PUBLISHABLE_KEY,
    });
    expect(fake.count('POST', '/v1/customers')).toBe(before + 1);
    expect(fake.customers.get(customerId)?.email).toMatch(/@example\.com$/);
    expect(subscription.status).toBe('incomplete');
    // The browser's word is not enough: still registered until Stripe's webhook says it is paid.
    expect(await tierOf(client)).toBe('registered');
    const account = (await client.get('/api/subscription')).json();
    expect(account).toMatchObject({
      tier: 'registered',
      paymentsAvailable: true,
      priceEurCents: 200,
      subscription: { status: 'incomplete' },
    });
    expect(JSON.stringify(account)).not.toContain(customerId);
  });

  it('answers 401 signed out and 400 to a malformed attempt id', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/subscription/create', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const { client } = await subscriber(t, nextIp());
    const bad = await client.post('/api/subscription/create', { attemptId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_input');
  });

  it('makes one subscription out of a double click, parallel calls and a second visit', async () => {
    const { client, id } = await subscriber(t, nextIp());
    fake.delayMs = 30;
    const [first, second, third] = await Promise.all([
      client.post('/api/subscription/create', { attemptId: 'same-attempt-1' }),
      client.post('/api/subscription/create', { attemptId: 'same-attempt-1' }),
      client.post('/api/subscription/create', { attemptId: 'another-tab-2' }),
    ]);
    fake.delayMs = 0;
    const later = await client.post('/api/subscription/create', {});
    const secrets = [first, second, third, later].map((r) => r.json().clientSecret);
    expect(new Set(secrets).size).toBe(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(fake.subscriptionsOf(user!.stripeCustomerId!)).toHaveLength(1);
    expect([...fake.customers.values()].filter((c) => c.metadata.userId === id)).toHaveLength(1);
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions').every((c) => c.idempotencyKey)).toBe(true);
  });

  it('turns premium on a verified invoice.paid, and answers {status: active} to a premium user', async () => {
    const { client, subscription } = await startPaying();
    fake.update(subscription.id, { status: 'active' });
    expect(await tierOf(client)).toBe('registered');
    const response = await postWebhook(t, fake.event('invoice.paid', subscription));
    expect(response.statusCode).toBe(200);
    expect(await tierOf(client)).toBe('premium');
    const account = (await client.get('/api/subscription')).json();
    expect(account.subscription).toEqual({
      status: 'active',
      currentPeriodEnd: new Date(subscription.current_period_end * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    const creates = fake.count('POST', '/v1/subscriptions');
    expect((await client.post('/api/subscription/create', { attemptId: 'after-paying-1' })).json()).toEqual({ status: 'active' });
    expect(fake.count('POST', '/v1/subscriptions')).toBe(creates);
  });

  it('refuses a bad signature, a missing one, a forged one, a stale timestamp and one over 5 minutes ahead with 400, changing nothing', async () => {
    const { client, subscription } = await startPaying();
    fake.update(subscription.id, { status: 'active' });
    const body = fake.event('invoice.paid', subscription);
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const refused = [
      await postWebhook(t, body, { secret: 'whsec_someone_else' }),
      await postWebhook(t, body, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 301 }),
      await postWebhook(t, body, { timestamp: Math.floor(t.clock.now().getTime() / 1000) + 301 }),
      await postWebhook(t, body, { timestamp: Math.floor(t.clock.now().getTime() / 1000) + 600 }),
      await post({}),
      await post({ 'stripe-signature': 't=1,v1=00' }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_input');
    }
    expect(await tierOf(client)).toBe('registered');
    expect(
      await t.database.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, JSON.parse(body).id)),
    ).toHaveLength(0);
    // The same event, signed properly and on time, is taken.
    expect((await postWebhook(t, body)).statusCode).toBe(200);
    expect(await tierOf(client)).toBe('premium');
  });

  it('records an event once: a replay answers 200 and changes nothing', async () => {
    const { client, subscription } = await startPaying();
    fake.update(subscription.id, { status: 'active' });
    const paid = fake.event('invoice.paid', subscription);
    expect((await postWebhook(t, paid)).statusCode).toBe(200);
    expect(await tierOf(client)).toBe('premium');
    // Stripe now says canceled, but a replay of the old event is not a reason to look again.
    fake.update(subscription.id, { status: 'canceled' });
    const replay = await postWebhook(t, paid);
    expect(replay.statusCode).toBe(200);
    expect(await tierOf(client)).toBe('premium');
    // The next new event brings the truth.
    expect((await postWebhook(t, fake.event('customer.subscription.deleted', subscription))).statusCode).toBe(200);
    expect(await tierOf(client)).toBe('registered');
  });

  it('ends in the same state whatever order a pair of events arrives in', async () => {
    for (const order of ['in order', 'reversed'] as const) {
      const { client, subscription } = await startPaying();
      fake.update(subscription.id, { status: 'active' });
      const created = fake.event('customer.subscription.created', subscription);
      const paid = fake.event('invoice.paid', subscription);
      for (const body of order === 'in order' ? [created, paid] : [paid, created])
        expect((await postWebhook(t, body)).statusCode).toBe(200);
      expect(await tierOf(client), order).toBe('premium');

      // Deleted arrives before the older "updated: active" event: still registered at the end.
      fake.update(subscription.id, { status: 'canceled' });
      const updatedEarlier = fake.event('customer.subscription.updated', { ...subscription, status: 'active' });
      const deleted = fake.event('customer.subscription.deleted', subscription);
      for (const body of order === 'in order' ? [updatedEarlier, deleted] : [deleted, updatedEarlier]) {
        expect((await postWebhook(t, body)).statusCode).toBe(200);
      }
      expect(await tierOf(client), order).toBe('registered');
    }
  });

  it('cancels at period end (premium until then), resumes, then ends on deletion', async () => {
    const { client, subscription } = await startPaying();
    fake.update(subscription.id, { status: 'active' });
    await postWebhook(t, fake.event('invoice.paid', subscription));

    const cancelled = await client.post('/api/subscription/cancel', {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ tier: 'premium', subscription: { status: 'active', cancelAtPeriodEnd: true } });
    expect(fake.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    expect(await tierOf(client)).toBe('premium');

    const resumed = (await client.post('/api/subscription/resume', {})).json();
    expect(resumed.subscription.cancelAtPeriodEnd).toBe(false);
    expect(fake.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(false);

    await client.post('/api/subscription/cancel', {});
    fake.update(subscription.id, { status: 'canceled' });
    await postWebhook(t, fake.event('customer.subscription.deleted', subscription));
    expect(await tierOf(client)).toBe('registered');
    expect((await client.post('/api/subscription/cancel', {})).statusCode).toBe(404);
  });

  it('keeps premium while past_due, shows it, and drops it when unpaid', async () => {
    const { client, subscription } = await startPaying();
    fake.update(subscription.id, { status: 'active' });
    await postWebhook(t, fake.event('invoice.paid', subscription));
    fake.update(subscription.id, { status: 'past_due' });
    await postWebhook(t, fake.event('invoice.payment_failed', subscription));
    expect(await tierOf(client)).toBe('premium');
    expect((await client.get('/api/subscription')).json().subscription.status).toBe('past_due');
    fake.update(subscription.id, { status: 'unpaid' });
    await postWebhook(t, fake.event('customer.subscription.updated', subscription));
    expect(await tierOf(client)).toBe('registered');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row?.status).toBe('unpaid');
  });

  it('is premium exactly while Stripe says active, trialing or past_due', async () => {
    const { client, subscription } = await startPaying();
    const expected: [string, string][] = [
      ['trialing', 'premium'],
      ['incomplete_expired', 'registered'],
      ['active', 'premium'],
      ['paused', 'registered'],
      ['past_due', 'premium'],
      ['canceled', 'registered'],
    ];
    const seen: [string, string][] = [];
    for (const [status] of expected) {
      fake.update(subscription.id, { status });
      expect((await postWebhook(t, fake.event('customer.subscription.updated', subscription))).statusCode).toBe(200);
      seen.push([status, await tierOf(client)]);
    }
    expect(seen).toEqual(expected);
  });

  it('unlinks a customer support deleted in Stripe: premium ends, and the next subscription gets a new customer', async () => {
    const { client, id, customerId, subscription } = await startPaying();
    fake.update(subscription.id, { status: 'active' });
    await postWebhook(t, fake.event('invoice.paid', subscription));
    expect(await tierOf(client)).toBe('premium');

    expect((await postWebhook(t, fake.deleteCustomer(customerId))).statusCode).toBe(200);
    expect(await tierOf(client)).toBe('registered');
    expect((await client.get('/api/subscription')).json().subscription).toMatchObject({ status: 'canceled' });
    // The deleted customer's own subscription event, arriving afterwards, is about nobody we know.
    expect((await postWebhook(t, fake.event('customer.subscription.deleted', subscription))).statusCode).toBe(200);

    const again = await client.post('/api/subscription/create', { attemptId: `again-${id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().clientSecret).toMatch(/_secret_/);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user!.stripeCustomerId).not.toBe(customerId);
    expect(fake.subscriptionsOf(user!.stripeCustomerId!)).toHaveLength(1);
  });

  it('answers 503 to a webhook while Stripe is down, keeping no trace, and takes the same event later', async () => {
    const { client, subscription } = await startPaying();
    fake.update(subscription.id, { status: 'active' });
    const paid = fake.event('invoice.paid', subscription);
    fake.failing = true;
    const down = await postWebhook(t, paid);
    fake.failing = false;
    expect(down.statusCode).toBe(503);
    expect(
      await t.database.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, JSON.parse(paid).id)),
    ).toHaveLength(0);
    expect((await postWebhook(t, paid)).statusCode).toBe(200);
    expect(await tierOf(client)).toBe('premium');
  });

  it('takes webhooks from any address and origin, beyond the per-address request limit', async () => {
    const { client, subscription } = await startPaying();
    fake.update(subscription.id, { status: 'active' });
    const foreign = await postWebhook(t, fake.event('invoice.paid', subscription), {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(200);
    expect(await tierOf(client)).toBe('premium');
    const statuses = new Set<number>();
    for (let i = 0; i < 320; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
        remoteAddress: '54.187.174.170',
      });
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([400]);
  });

  it('answers 503 when Stripe is down, and the next attempt works', async () => {
    const { client } = await subscriber(t, nextIp());
    fake.failing = true;
    const down = await client.post('/api/subscription/create', { attemptId: 'while-down-1' });
    fake.failing = false;
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('payments_unavailable');
    expect(JSON.stringify(down.json())).not.toMatch(/fake|api_error/);
    expect((await client.post('/api/subscription/create', { attemptId: 'after-down-1' })).json().clientSecret).toMatch(/_secret_/);
  });
});
