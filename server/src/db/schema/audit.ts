import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change support staff make, with who made it, what it was before and after (docs/decisions/0196).
 * Only ids are kept: no e-mail or name, so a deleted account leaves nothing here that names a person.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: text('id').primaryKey(),
    /** The admin's user id, or 'operator' for the command line. */
    actor: text('actor').notNull(),
    /** What was done, one of shared's `auditActions`. */
    action: text('action').notNull().default('user_updated'),
    /** The account changed; null when the change was not to an account (a contact message). */
    targetUserId: text('target_user_id'),
    /** The contact message handled or deleted, for those actions. */
    targetMessageId: text('target_message_id'),
    /** The fields changed as they were before; null where nothing was there before. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    /** The fields changed as they are after (the change asked for). */
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_target_idx').on(t.targetUserId, t.createdAt),
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_actor_idx').on(t.actor, t.createdAt),
  ],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;
