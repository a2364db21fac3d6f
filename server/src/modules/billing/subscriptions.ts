import { eq, sql, type SQL } from 'drizzle-orm';
import type Stripe from 'stripe';
import { premiumStatuses, type AccountSubscription } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { subscriptions, users, type SubscriptionRow, type UserRow } from '../../db/schema/index.js';

/** `'active', 'trialing', 'past_due'` as SQL, for queries that rank or test a subscription's status. */
const premiumList = sql.join(
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

/**
 * Which of a user's subscriptions is the current one, for /account and the admin's user list alike:
 * a premium one (active, trialing, past_due) first, then the newest; the id settles two of the same second.
 */
const currentFirst = sql`"subscriptions"."status" in (${premiumList}) desc, "subscriptions"."created_at" desc, "subscriptions"."id" desc`;

/** The subscription /account talks about. */
export async function currentSubscription(db: Database, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(currentFirst).limit(1);
  return row ?? null;
}

/** One field of the current subscription of each user in a query over "users", as a subquery. */
export function currentSubscriptionField(field: 'status' | 'current_period_end'): SQL {
  return sql`(select ${sql.identifier(field)} from "subscriptions" where "subscriptions"."user_id" = "users"."id" order by ${currentFirst} limit 1)`;
}

export function toAccountSubscription(row: SubscriptionRow): AccountSubscription {
  return {
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}
