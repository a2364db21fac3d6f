import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A password reset link: only the SHA-256 of its token is stored (docs/decisions/0059). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** Hex SHA-256 of the token in the link; the link itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The admin who sent it from the users table; null when the user asked for it. */
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is used, or when a newer password makes it pointless; a used link never works again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_idx').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

export type PasswordResetRow = typeof passwordResets.$inferSelect;
