import { and, desc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { premiumStatuses, type AccountSubscription } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { subscriptions, users, type SubscriptionRow, type UserRow } from '../../db/schema/index.js';

/** `'active', 'trialing', 'past_due'` as SQL, for queries that rank or test a subscription's status. */
export const premiumList = sql.join(
  premiumStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The stored tier follows the truth: premium while a subscription is active, trialing or past_due,
 * or while support granted it (docs/decisions/0031-tier-from-subscription-and-complimentary.md).
 */
export async function refreshTier(db: Database, userId: string): Promise<void> {
  await db.execute(sql`
    update "users" set "tier" = case
      when "complimentary" or exists (
        select 1 from "subscriptions" where "subscriptions"."user_id" = ${userId} and "subscriptions"."status" in (${premiumList})
      ) then 'premium' else 'registered' end
    where "users"."id" = ${userId}`);
}

/** Takes the user's row lock: subscription changes of one user happen one at a time, across instances. */
export async function lockUser(db: Database, userId: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return user ?? null;
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Fetches the customer's subscriptions from Stripe and stores them as they are, then the tier that follows. */
export async function syncSubscriptions(db: Database, stripe: Stripe, userId: string, customerId: string): Promise<Stripe.Subscription[]> {
  const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
  await storeSubscriptions(db, userId, list.data);
  return list.data;
}

export async function storeSubscriptions(db: Database, userId: string, found: Stripe.Subscription[]): Promise<void> {
  if (found.length > 0) {
    const rows = found.map((subscription) => {
      const item = subscription.items.data[0];
      return {
        id: subscription.id,
        userId,
        customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
        status: subscription.status,
        priceId: item?.price.id ?? null,
        // Current API versions keep the period on the subscription item.
        currentPeriodEnd: toDate(item?.current_period_end),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        createdAt: new Date(subscription.created * 1000),
        syncedAt: new Date(),
      };
    });
    await db
      .insert(subscriptions)
      .values(rows)
      .onConflictDoUpdate({
        target: subscriptions.id,
        set: {
          userId: sql`excluded.user_id`,
          status: sql`excluded.status`,
          priceId: sql`excluded.price_id`,
          currentPeriodEnd: sql`excluded.current_period_end`,
          cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
          syncedAt: sql`excluded.synced_at`,
        },
      });
  }
  await refreshTier(db, userId);
}

/** The subscription /account talks about: a premium one first, else the newest. */
export async function currentSubscription(db: Database, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId)))
    .orderBy(desc(sql`${subscriptions.status} in (${premiumList})`), desc(subscriptions.createdAt));
  return rows[0] ?? null;
}

export function toAccountSubscription(row: SubscriptionRow): AccountSubscription {
  return {
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}
