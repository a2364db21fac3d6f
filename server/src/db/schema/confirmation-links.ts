import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A link mailed to an account's address that proves its owner reads it: to confirm the e-mail, or to
 * take the admin role ADMIN_EMAILS offers (docs/decisions/0189). Only the SHA-256 of its token is stored.
 */
export const confirmationLinks = pgTable(
  'confirmation_links',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    purpose: text('purpose', { enum: ['email', 'admin'] }).notNull(),
    /** The address it was sent to: a link confirms that address only. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when followed; a used link never works again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('confirmation_links_token_idx').on(t.tokenHash), index('confirmation_links_user_idx').on(t.userId, t.purpose)],
);

export type ConfirmationLinkRow = typeof confirmationLinks.$inferSelect;
