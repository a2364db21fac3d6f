import type { APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';

/** The e2e Stripe fake listens next to the app; playwright.config.ts starts it and points the app at it. */
export const e2eStripePort = Number(process.env.E2E_PORT ?? 3100) + 1;
export const e2eStripeUrl = `http://127.0.0.1:${e2eStripePort}`;
export const e2eStripeSettings = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_e2e',
  STRIPE_PRICE_ID: 'price_premium_monthly',
  STRIPE_API_URL: e2eStripeUrl,
};

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
}

/** The fake's subscription of the customer with this e-mail. */
export async function subscriptionOf(request: APIRequestContext, email: string): Promise<FakeSubscription> {
  const customers = (await (await request.get(`${e2eStripeUrl}/_fake/customers`)).json()) as { id: string; email: string }[];
  const customer = customers.find((c) => c.email === email);
  if (!customer) throw new Error(`no Stripe customer for ${email}`);
  const all = (await (await request.get(`${e2eStripeUrl}/_fake/subscriptions`)).json()) as FakeSubscription[];
  const found = all.find((s) => s.customer === customer.id);
  if (!found) throw new Error(`no subscription for ${email}`);
  return found;
}

const signer = new Stripe('sk_test_signer');

/** What Stripe does when the first invoice is paid: the subscription turns active and a signed invoice.paid arrives. */
export async function payAndNotify(request: APIRequestContext, subscriptionId: string): Promise<number> {
  await request.post(`${e2eStripeUrl}/_fake/subscriptions/${subscriptionId}`, { data: { status: 'active' } });
  const event = await (await request.post(`${e2eStripeUrl}/_fake/events/invoice.paid/${subscriptionId}`)).text();
  const signature = signer.webhooks.generateTestHeaderString({ payload: event, secret: e2eStripeSettings.STRIPE_WEBHOOK_SECRET });
  const response = await request.post('/api/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: event,
  });
  return response.status();
}

/**
 * A stand-in for Stripe.js served at its URL (test only): a card field, 'ready' when the test says so,
 * and confirmPayment that waits for the test and declines card 4000 0000 0000 0002.
 */
export const stripeJsStandIn = `
(() => {
  let markReady = null;
  let release = null;
  window.__stripeStandIn = {
    ready: () => markReady && markReady(),
    release: () => release && release(),
  };
  window.Stripe = (key) => ({
    elements: ({ clientSecret }) => ({
      create: () => ({
        mount(target) {
          target.innerHTML = '<label>Card number <input id="stand-in-card" data-client-secret="' + clientSecret + '" data-key="' + key + '"></label>';
        },
        on(event, handler) { if (event === 'ready') markReady = handler; },
        destroy() {},
      }),
    }),
    confirmPayment: () => new Promise((resolve) => {
      release = () => {
        const card = document.getElementById('stand-in-card').value.replace(/\\s/g, '');
        resolve(card === '4000000000000002' ? { error: { message: 'Your card was declined.' } } : {});
      };
    }),
  });
})();
`;
