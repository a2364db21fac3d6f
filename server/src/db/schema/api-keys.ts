import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A developer API key: only its SHA-256 is stored (docs/decisions/0050), the key itself is shown once. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole key; the lookup on every API call. */
    hash: text('hash').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Set when the owner revokes it; a revoked key answers 401 and no longer counts towards the limit. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.hash), index('api_keys_user_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
