import type Stripe from 'stripe';
import type { Env } from '../../runtime/env.js';
import { EnvError } from '../../runtime/env.js';

/** Stripe, when this installation has keys: the client and the settings the billing service needs. */
export interface Billing {
  stripe: Stripe;
  publishableKey: string;
  webhookSecret: string;
  priceId: string;
  portal: boolean;
}

type StripeSettings = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_ID' | 'STRIPE_API_URL' | 'STRIPE_PORTAL'
>;

/** STRIPE_API_URL as the SDK's host/port/protocol options; nothing when Stripe's own API is meant. */
export function stripeAddress(apiUrl: string | undefined): { host: string; port: number; protocol: 'http' | 'https' } | object {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * Null without STRIPE_SECRET_KEY: the product runs, and payments say they are unavailable. The SDK is
 * loaded only with a key (docs/decisions/0110).
 */
export async function billingFromEnv(env: StripeSettings): Promise<Billing | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    ...stripeAddress(env.STRIPE_API_URL),
    // A request waits on Stripe; a stuck call must end well before the browser gives up.
    timeout: 20_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'Lightpix' },
  });
  return {
    stripe,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    priceId: env.STRIPE_PRICE_ID!,
    portal: env.STRIPE_PORTAL,
  };
}

/** Start-up check: the price users are charged is the plan table's monthly EUR price, or the server does not start. */
export async function checkPrice(billing: Billing, priceEurCents: number): Promise<void> {
  let price: Stripe.Price;
  try {
    price = await billing.stripe.prices.retrieve(billing.priceId);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EnvError(`Invalid settings:\n  STRIPE_PRICE_ID: ${billing.priceId} could not be read from Stripe (${reason})`);
  }
  const problems: string[] = [];
  if (!price.active) problems.push('is not active');
  if (price.currency !== 'eur') problems.push(`is in ${price.currency.toUpperCase()}, not EUR`);
  if (price.recurring?.interval !== 'month' || price.recurring.interval_count !== 1) problems.push('is not billed once a month');
  if (price.unit_amount !== priceEurCents) {
    problems.push(`costs ${price.unit_amount ?? '?'} cents, but the premium plan costs ${priceEurCents}`);
  }
  if (problems.length) throw new EnvError(`Invalid settings:\n  STRIPE_PRICE_ID: ${billing.priceId} ${problems.join(', ')}`);
}
