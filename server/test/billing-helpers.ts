import Stripe from 'stripe';
import { createTestApp, visitor, type DatabaseKind, type TestApp } from './helpers.js';
import { StripeFake } from './stripe-fake.js';

export const WEBHOOK_SECRET = 'whsec_test_lightpix';
export const PUBLISHABLE_KEY = 'pk_test_lightpix';

/** Settings that point the real Stripe SDK at the fake. */
export function stripeSettings(fake: StripeFake, priceId = 'price_premium_monthly'): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_lightpix',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: priceId,
    STRIPE_API_URL: fake.url,
    STRIPE_PORTAL: 'true',
  };
}

const signer = new Stripe('sk_test_signer');

export async function billingApp(kind: DatabaseKind, fake: StripeFake, extra: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp(kind, { ...stripeSettings(fake), ...extra });
}

/** Posts an event body to the webhook, signed like Stripe signs it (at the app's clock unless told). */
export function postWebhook(
  t: TestApp,
  payload: string,
  options: { secret?: string; timestamp?: number; headers?: Record<string, string> } = {},
) {
  const timestamp = options.timestamp ?? Math.floor(t.clock.now().getTime() / 1000);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...options.headers },
    payload,
    remoteAddress: '54.187.174.169',
  });
}

let people = 0;
/** A signed-in registered user with a browser-like cookie jar. */
export async function subscriber(t: TestApp, ip: string) {
  people += 1;
  const client = visitor(t.app, ip);
  const response = await client.post('/api/auth/register', {
    email: `payer${people}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'correct horse battery',
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  const { id } = response.json() as { id: string };
  return { client, id };
}

export async function tierOf(client: ReturnType<typeof visitor>): Promise<string> {
  return ((await client.get('/api/session/current')).json() as { tier: string }).tier;
}

export { StripeFake };
