import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-side sessions behind the signed cookie; `userId` lets us end every session of a user at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
