import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stripe's subscriptions as last fetched from Stripe (never from the browser). Kept when an account
 * is deleted, without the user, for the 10-year billing duty (docs/decisions/0032-account-deletion-and-billing-records.md).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    /** Stripe's subscription id. */
    id: text('id').primaryKey(),
    userId: text('user_id'),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    priceId: text('price_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId), index('subscriptions_customer_idx').on(t.customerId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Webhook events already handled, so a replayed event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
