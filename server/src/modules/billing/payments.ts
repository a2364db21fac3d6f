import { randomUUID } from 'node:crypto';
import { and, eq, notInArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { premiumStatuses, type BillingAccount, type CreateSubscriptionResponse } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { stripeEvents, subscriptions, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../core/errors.js';
import type { Billing } from './stripe.js';
import {
  currentSubscription,
  lockUser,
  refreshTier,
  storeSubscriptions,
  syncSubscriptions,
  toAccountSubscription,
} from './subscriptions.js';

export function paymentsUnavailable(): AppError {
  return new AppError('payments_unavailable', 'Payments are not available on this installation.');
}

export function requireBilling(billing: Billing | null): Billing {
  if (!billing) throw paymentsUnavailable();
  return billing;
}

/** Stripe down or refusing: the user is told to retry, and the details stay in the log. */
async function callStripe<T>(billing: Billing, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof billing.stripe.errors.StripeError) {
      throw new AppError('payments_unavailable', 'The payment service did not answer as expected. Please try again in a moment.');
    }
    throw error;
  }
}

/** Ends finished payment attempts: Stripe expires an unpaid first invoice after 23 hours. */
const reusable = (subscription: Stripe.Subscription) => subscription.status === 'incomplete';

async function clientSecretOf(stripe: Stripe, subscription: Stripe.Subscription): Promise<string | null> {
  const latest = subscription.latest_invoice;
  if (!latest) return null;
  const invoice =
    typeof latest === 'string' || !latest.confirmation_secret
      ? await stripe.invoices.retrieve(typeof latest === 'string' ? latest : latest.id!, { expand: ['confirmation_secret'] })
      : latest;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/**
 * Starts (or resumes) the user's payment: one Stripe customer per user, at most one live subscription,
 * serialised per user by the row lock and made idempotent per attempt for Stripe
 * (docs/decisions/0030-subscription-creation-and-webhooks.md).
 */
export async function createSubscription(
  db: Database,
  billing: Billing,
  userId: string,
  attemptId: string | undefined,
): Promise<CreateSubscriptionResponse> {
  const { stripe } = billing;
  return callStripe(billing, () =>
    db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('not_signed_in', 'Please sign in.');
      let customerId = user.stripeCustomerId;
      if (!customerId) {
        // One key per customer the user ever had: a retry replays the same customer, and after support
        // deleted one in Stripe's dashboard the next attempt gets a new customer, not the deleted one.
        const earlier = await tx
          .selectDistinct({ customerId: subscriptions.customerId })
          .from(subscriptions)
          .where(eq(subscriptions.userId, userId));
        const generation = earlier.length > 0 ? `-${earlier.length}` : '';
        const customer = await stripe.customers.create(
          { email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), metadata: { userId } },
          { idempotencyKey: `lightpix-customer-${userId}${generation}` },
        );
        customerId = customer.id;
        await tx.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));
      }
      const found = await syncSubscriptions(tx, stripe, userId, customerId);
      const [{ tier } = { tier: 'registered' }] = await tx.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
      if (tier === 'premium') return { status: 'active' as const };

      const open = found.find(reusable);
      const openSecret = open ? await clientSecretOf(stripe, open) : null;
      if (openSecret) return { clientSecret: openSecret, publishableKey: billing.publishableKey };

      const created = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: billing.priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { userId },
        },
        { idempotencyKey: `lightpix-subscription-${userId}-${attemptId ?? randomUUID()}` },
      );
      await storeSubscriptions(tx, userId, [...found.filter((s) => s.id !== created.id), created]);
      const secret = await clientSecretOf(stripe, created);
      if (!secret) throw new AppError('payments_unavailable', 'The payment could not be prepared. Please try again.');
      return { clientSecret: secret, publishableKey: billing.publishableKey };
    }),
  );
}

export type WebhookOutcome = 'synced' | 'replayed' | 'ignored';

/** The customer an event is about, for the events that can change a subscription. */
function customerOf(event: Stripe.Event): string | null {
  if (event.type === 'customer.deleted') return (event.data.object as { id: string }).id;
  if (!event.type.startsWith('invoice.') && !event.type.startsWith('customer.subscription.')) return null;
  const customer = (event.data.object as { customer?: string | { id: string } | null }).customer;
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

/** Stripe's own tolerance for a signature's age, in both directions here. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a verified Stripe-Signature header, in seconds. */
const signedAt = (signature: string | undefined) => Number(/(?:^|,)\s*t=(\d+)/.exec(signature ?? '')?.[1] ?? 0);

/**
 * A verified event is only a trigger: its id is recorded once, then the customer's subscriptions are
 * fetched from Stripe and stored in the same transaction, so late, repeated or reordered events end
 * in the same state (docs/decisions/0030-subscription-creation-and-webhooks.md).
 */
export async function handleWebhook(
  db: Database,
  billing: Billing,
  rawBody: Buffer,
  signature: string | undefined,
  now: Date,
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  const refused = () => new AppError('invalid_input', 'The webhook signature is missing, wrong, too old or from the future.');
  try {
    event = billing.stripe.webhooks.constructEvent(rawBody, signature ?? '', billing.webhookSecret, undefined, undefined, now.getTime());
  } catch {
    throw refused();
  }
  // The SDK refuses only the past; a stamp ahead of our clock by more than the same 5 minutes is as suspect.
  if (signedAt(signature) * 1000 > now.getTime() + WEBHOOK_TOLERANCE_SECONDS * 1000) throw refused();
  // Stripe failing while we fetch the truth: 503, nothing kept, and Stripe sends the event again later.
  return callStripe(billing, () =>
    db.transaction(async (tx) => {
      const recorded = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
      if (recorded.length === 0) return 'replayed';
      const customerId = customerOf(event);
      if (!customerId) return 'ignored';
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
      if (!owner) return 'ignored';
      await lockUser(tx, owner.id);
      if (event.type === 'customer.deleted') await forgetCustomer(tx, owner.id, customerId);
      else await syncSubscriptions(tx, billing.stripe, owner.id, customerId);
      return 'synced';
    }),
  );
}

/**
 * Support deleted the customer in Stripe's dashboard, which cancels its subscriptions at once: they are
 * stored as ended and the user is unlinked, so a later subscription starts with a new customer.
 */
async function forgetCustomer(db: Database, userId: string, customerId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, syncedAt: new Date() })
    .where(and(eq(subscriptions.customerId, customerId), notInArray(subscriptions.status, ['canceled', 'incomplete_expired'])));
  await db.update(users).set({ stripeCustomerId: null }).where(eq(users.id, userId));
  await refreshTier(db, userId);
}

/** Cancel at period end (premium until then) or take the cancellation back before the end. */
export async function setCancelAtPeriodEnd(db: Database, billing: Billing, userId: string, cancel: boolean): Promise<void> {
  const { stripe } = billing;
  await callStripe(billing, () =>
    db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user?.stripeCustomerId) throw new AppError('not_found', 'You have no subscription.');
      const found = await syncSubscriptions(tx, stripe, userId, user.stripeCustomerId);
      const live = found.find((s) => premiumStatuses.includes(s.status));
      if (!live) throw new AppError('not_found', 'You have no active subscription.');
      const updated = await stripe.subscriptions.update(live.id, { cancel_at_period_end: cancel });
      await storeSubscriptions(tx, userId, [updated]);
    }),
  );
}

/** A Customer Portal visit where the user updates the card and downloads invoices. */
export async function openPortal(db: Database, billing: Billing, userId: string, returnUrl: string): Promise<string> {
  if (!billing.portal) throw new AppError('payments_unavailable', 'Card and invoice management is not available on this installation.');
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.stripeCustomerId) throw new AppError('not_found', 'You have no billing account yet.');
  const customer = user.stripeCustomerId;
  const session = await callStripe(billing, () => billing.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
  return session.url;
}

/** Before an account is deleted: every subscription that could still charge the card is cancelled now. */
export async function cancelAllSubscriptions(db: Database, billing: Billing | null, user: UserRow): Promise<void> {
  if (!user.stripeCustomerId) return;
  const customerId = user.stripeCustomerId;
  if (!billing) {
    // Without keys nothing can be cancelled: refuse only while a subscription may still charge.
    const last = await currentSubscription(db, user.id);
    if (last && !['canceled', 'incomplete_expired'].includes(last.status)) throw paymentsUnavailable();
    return;
  }
  const active = billing;
  await callStripe(active, async () => {
    const found = await active.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
    const ended = ['canceled', 'incomplete_expired'];
    for (const subscription of found.data) {
      if (!ended.includes(subscription.status)) await active.stripe.subscriptions.cancel(subscription.id);
    }
    await syncSubscriptions(db, active.stripe, user.id, customerId);
  });
}

export async function describeBilling(
  db: Database,
  billing: Billing | null,
  user: UserRow,
  priceEurCents: number,
): Promise<BillingAccount> {
  const subscription = await currentSubscription(db, user.id);
  return {
    tier: user.tier,
    complimentary: user.complimentary,
    priceEurCents,
    paymentsAvailable: billing !== null,
    portalAvailable: Boolean(billing?.portal && user.stripeCustomerId),
    subscription: subscription ? toAccountSubscription(subscription) : null,
  };
}
