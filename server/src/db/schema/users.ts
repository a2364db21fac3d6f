import { boolean, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    /** Trimmed and lower-cased before it is stored or looked up. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    tier: text('tier', { enum: ['registered', 'premium'] })
      .notNull()
      .default('registered'),
    isActive: boolean('is_active').notNull().default(true),
    /** Granted by ADMIN_EMAIL, the operator command, or an ADMIN_EMAILS address's confirmation link (docs/decisions/0189). */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Stripe's customer for this user, created on the first subscription attempt. */
    stripeCustomerId: text('stripe_customer_id'),
    /** Premium granted by support; webhooks never touch it (docs/decisions/0031-tier-from-subscription-and-complimentary.md). */
    complimentary: boolean('complimentary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its owner followed a link mailed to `email` (confirmation, admin offer or password reset); null until then. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_username_idx').on(t.username),
    uniqueIndex('users_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

export type UserRow = typeof users.$inferSelect;
