import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { adminAudit, apiKeys, sessions, subscriptions, users } from '../../src/db/schema/index.js';
import { results } from '../../src/db/schema/results.js';
import { EnvError, parseEnv } from '../../src/runtime/env.js';
import { fileResultStore } from '../../src/storage/result-store.js';
import { addressPool, createTestApp, databaseKinds, fixture, openTestDatabase, operatorAdmin, visitor, type TestApp } from '../helpers.js';
import { billingApp, postWebhook, StripeFake, stripeSettings, subscriber, tierOf } from '../billing-helpers.js';

const nextIp = addressPool('198.31');

describe.each(databaseKinds)('account, admin and payments settings on %s', (kind) => {
  let fake: StripeFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await new StripeFake().start();
    t = await billingApp(kind, fake, operatorAdmin());
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  async function paying() {
    const person = await subscriber(t, nextIp());
    await person.client.post('/api/subscription/create', {});
    const [user] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    const subscription = fake.subscriptionsOf(user!.stripeCustomerId!)[0]!;
    fake.update(subscription.id, { status: 'active' });
    await postWebhook(t, fake.event('invoice.paid', subscription));
    return { ...person, subscription };
  }

  async function adminClient() {
    const admin = visitor(t.app, nextIp());
    const signIn = await admin.post('/api/auth/login', { email: 'boss@example.com', password: 'correct horse battery' });
    if (signIn.statusCode !== 200) {
      await admin.post('/api/auth/register', {
        email: 'boss@example.com',
        password: 'correct horse battery',
        firstName: 'B',
        lastName: 'Oss',
      });
    }
    return admin;
  }

  it('shows subscription status and period end in the admin users table', async () => {
    const { id, subscription } = await paying();
    const admin = await adminClient();
    const row = (await admin.get('/api/admin/users')).json().users.find((u: { id: string }) => u.id === id);
    expect(row).toMatchObject({
      tier: 'premium',
      complimentary: false,
      subscriptionStatus: 'active',
      currentPeriodEnd: new Date(subscription.current_period_end * 1000).toISOString(),
    });
    expect(JSON.stringify(row)).not.toMatch(/cus_|sub_/);
  });

  it('keeps a complimentary premium through webhooks, and an admin downgrade never removes paid premium', async () => {
    const admin = await adminClient();
    const patch = (id: string, body: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie: admin.cookie }, payload: body });

    const { client, id, subscription } = await paying();
    expect((await patch(id, { tier: 'premium' })).json()).toMatchObject({ tier: 'premium', complimentary: true });
    fake.update(subscription.id, { status: 'canceled' });
    await postWebhook(t, fake.event('customer.subscription.deleted', subscription));
    expect(await tierOf(client)).toBe('premium');
    expect((await patch(id, { tier: 'registered' })).json()).toMatchObject({ tier: 'registered', complimentary: false });
    expect(await tierOf(client)).toBe('registered');

    const payer = await paying();
    const downgrade = (await patch(payer.id, { tier: 'registered' })).json();
    expect(downgrade).toMatchObject({ tier: 'premium', complimentary: false, subscriptionStatus: 'active' });
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, id));
    expect(audit.map((a) => a.change)).toEqual([{ tier: 'premium' }, { tier: 'registered' }].map((c) => expect.objectContaining(c)));
    // A complimentary user asking to subscribe is already premium: no payment is started.
    const gifted = await subscriber(t, nextIp());
    await patch(gifted.id, { tier: 'premium' });
    expect((await gifted.client.post('/api/subscription/create', {})).json()).toEqual({ status: 'active' });
  });

  it('opens the Customer Portal back to /account', async () => {
    const { client } = await paying();
    const portal = await client.post('/api/subscription/portal', {});
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toContain(encodeURIComponent('/account'));
    expect((await client.get('/api/subscription')).json().portalAvailable).toBe(true);
  });

  it('changes the password, ending the user’s other sessions, and refuses a wrong current one', async () => {
    const { client, id } = await subscriber(t, nextIp());
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    const other = visitor(t.app, nextIp());
    expect((await other.post('/api/auth/login', { email: user!.email, password: 'correct horse battery' })).statusCode).toBe(200);
    const wrong = await client.post('/api/account/password', { currentPassword: 'nope', newPassword: 'a brand new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBeTruthy();
    expect(wrong.json().error.fieldCodes).toEqual({ currentPassword: { code: 'wrong_password' } });
    const short = await client.post('/api/account/password', { currentPassword: 'correct horse battery', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fieldCodes).toEqual({ newPassword: { code: 'too_short', params: { min: 8 } } });
    const changed = await client.post('/api/account/password', {
      currentPassword: 'correct horse battery',
      newPassword: 'a brand new password',
    });
    expect(changed.statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).json()?.id).toBe(id);
    expect((await other.get('/api/auth/user')).json()).toBeNull();
    const again = visitor(t.app, nextIp());
    expect((await again.post('/api/auth/login', { email: user!.email, password: 'correct horse battery' })).statusCode).toBe(401);
    expect((await again.post('/api/auth/login', { email: user!.email, password: 'a brand new password' })).statusCode).toBe(200);
  });

  it('deletes an account: subscription cancelled first, results, files and sessions gone, billing record kept', async () => {
    const { client, id, subscription } = await paying();
    const record = (await client.process(await fixture('photo.jpg'), 'mine.jpg')).json();
    const key = await client.post('/api/keys', { name: 'laptop' });
    expect(key.statusCode).toBe(201);
    // The password is checked before the confirmation: a wrong one names the field, the right one changes nothing.
    const wrongCheck = await client.post('/api/account/deletion-check', { password: 'wrong password' });
    expect(wrongCheck.statusCode).toBe(400);
    expect(wrongCheck.json().error).toMatchObject({ code: 'invalid_input', fields: { password: 'The password is not correct.' } });
    expect((await client.post('/api/account/deletion-check', {})).statusCode).toBe(400);
    expect((await client.post('/api/account/deletion-check', { password: 'correct horse battery' })).statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('active');
    const wrongDelete = await client.request('DELETE', '/api/account', { password: 'wrong password' });
    expect(wrongDelete.statusCode).toBe(400);
    expect(wrongDelete.json().error.fields.password).toBeTruthy();
    expect(await t.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    const deleted = await client.request('DELETE', '/api/account', { password: 'correct horse battery' });
    expect(deleted.statusCode).toBe(204);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('canceled');
    expect(await t.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await t.database.db.select().from(results).where(eq(results.userId, id))).toHaveLength(0);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, id))).toHaveLength(0);
    const byKey = await t.app.inject({
      method: 'GET',
      url: '/api/v1/usage',
      headers: { authorization: `Basic ${Buffer.from(`api:${key.json().key}`).toString('base64')}` },
    });
    expect(byKey.statusCode).toBe(401);
    expect((await client.get(record.objectPath)).statusCode).toBe(404);
    expect((await client.get('/api/auth/user')).json()).toBeNull();
    const [kept] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(kept).toMatchObject({ userId: null, status: 'canceled' });
  });
});

describe.each(databaseKinds)('without Stripe keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('runs, says payments are unavailable, and answers 503 payments_unavailable', async () => {
    const { client } = await subscriber(t, nextIp());
    const created = await client.post('/api/subscription/create', {});
    expect(created.statusCode).toBe(503);
    expect(created.json().error.code).toBe('payments_unavailable');
    expect((await client.get('/api/subscription')).json()).toMatchObject({
      paymentsAvailable: false,
      portalAvailable: false,
      subscription: null,
    });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(503);
    expect((await client.request('DELETE', '/api/account', { password: 'correct horse battery' })).statusCode).toBe(204);
    expect((await client.post('/api/account/deletion-check', { password: 'correct horse battery' })).statusCode).toBe(401);
  });
});

describe('payments settings at start-up', () => {
  let fake: StripeFake;
  beforeAll(async () => {
    fake = await new StripeFake().start();
    fake.prices.set('price_usd', {
      id: 'price_usd',
      currency: 'usd',
      unit_amount: 200,
      interval: 'month',
      interval_count: 1,
      active: true,
    });
    fake.prices.set('price_yearly', {
      id: 'price_yearly',
      currency: 'eur',
      unit_amount: 200,
      interval: 'year',
      interval_count: 1,
      active: true,
    });
    fake.prices.set('price_three', {
      id: 'price_three',
      currency: 'eur',
      unit_amount: 300,
      interval: 'month',
      interval_count: 1,
      active: true,
    });
  });
  afterAll(() => fake.stop());

  async function start(priceId: string) {
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'lightpix-pay-')),
      ...stripeSettings(fake, priceId),
    });
    const database = await openTestDatabase('pglite');
    try {
      const app = await buildApp({ env, database, store: fileResultStore(path.join(env.DATA_DIR, 'results')) });
      await app.close();
    } finally {
      await database.close();
    }
  }

  it('starts with the plan’s monthly EUR price and stops naming STRIPE_PRICE_ID otherwise', async () => {
    await expect(start('price_premium_monthly')).resolves.toBeUndefined();
    await expect(start('price_usd')).rejects.toThrow(/STRIPE_PRICE_ID/);
    const { billingFromEnv, checkPrice } = await import('../../src/modules/billing/stripe.js');
    const check = async (priceId: string) =>
      checkPrice((await billingFromEnv(parseEnv({ DATA_DIR: os.tmpdir(), ...stripeSettings(fake, priceId) })))!, 200);
    const cases: [string, RegExp][] = [
      ['price_usd', /STRIPE_PRICE_ID: price_usd is in USD, not EUR/],
      ['price_yearly', /STRIPE_PRICE_ID: price_yearly is not billed once a month/],
      ['price_three', /STRIPE_PRICE_ID: price_three costs 300 cents, but the premium plan costs 200/],
      ['price_missing', /STRIPE_PRICE_ID: price_missing could not be read from Stripe/],
    ];
    for (const [price, message] of cases) {
      const failure = await check(price).catch((error: unknown) => error);
      expect(failure, price).toBeInstanceOf(EnvError);
      expect((failure as Error).message, price).toMatch(message);
    }
  });

  it('needs every Stripe setting once the secret key is set, and reads STRIPE_API_URL', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-pay-'));
    expect(() => parseEnv({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is required[\s\S]*STRIPE_WEBHOOK_SECRET: is required[\s\S]*STRIPE_PRICE_ID: is required/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
    const keys = {
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ID: 'price_x',
    };
    expect(parseEnv(keys).STRIPE_SECRET_KEY).toBe('sk_test_x');
    expect(() => parseEnv({ ...keys, STRIPE_SECRET_KEY: 'pk_test_x' })).toThrow(/STRIPE_SECRET_KEY: must be a secret key/);
    expect(() => parseEnv({ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a publishable key/);
    expect(() => parseEnv({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key/,
    );
    expect(() => parseEnv({ ...keys, STRIPE_WEBHOOK_SECRET: 'we_123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be the endpoint's signing secret/,
    );
    const { stripeAddress } = await import('../../src/modules/billing/stripe.js');
    expect(stripeAddress('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeAddress('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
    expect(stripeAddress(undefined)).toEqual({});
  });
});
