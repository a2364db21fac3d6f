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
  STRIPE_PORTAL: 'true',
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

/** What Stripe does on its side (a payment, a failed renewal…): the subscription changes, then a signed event arrives. */
export async function changeAndNotify(
  request: APIRequestContext,
  subscriptionId: string,
  status: string,
  eventType: string,
): Promise<number> {
  await request.post(`${e2eStripeUrl}/_fake/subscriptions/${subscriptionId}`, { data: { status } });
  const event = await (await request.post(`${e2eStripeUrl}/_fake/events/${eventType}/${subscriptionId}`)).text();
  const signature = signer.webhooks.generateTestHeaderString({ payload: event, secret: e2eStripeSettings.STRIPE_WEBHOOK_SECRET });
  const response = await request.post('/api/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: event,
  });
  return response.status();
}

/** What Stripe does when the first invoice is paid: the subscription turns active and a signed invoice.paid arrives. */
export function payAndNotify(request: APIRequestContext, subscriptionId: string): Promise<number> {
  return changeAndNotify(request, subscriptionId, 'active', 'invoice.paid');
}

/** A signed-in user on this request context who pays: subscription created, paid, webhook delivered. */
export async function becomePremium(request: APIRequestContext, email: string): Promise<FakeSubscription> {
  const created = await request.post('/api/subscription/create', { data: {} });
  if (created.status() !== 200) throw new Error(`subscription/create answered ${created.status()}`);
  const subscription = await subscriptionOf(request, email);
  const status = await payAndNotify(request, subscription.id);
  if (status !== 200) throw new Error(`webhook answered ${status}`);
  return subscription;
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
