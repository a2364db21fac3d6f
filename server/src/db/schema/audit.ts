import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every change support staff make to an account, with who made it. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: text('id').primaryKey(),
    /** The admin's user id, or 'operator' for the command line. */
    actor: text('actor').notNull(),
    targetUserId: text('target_user_id').notNull(),
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_target_idx').on(t.targetUserId, t.createdAt)],
);
