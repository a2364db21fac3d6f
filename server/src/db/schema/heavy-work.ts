import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per job that hit its time or memory limit, charged to its owner: an hour's rows are the
 * owner's heavy work, refused past the budget (docs/decisions/0147). The job's unit itself went back.
 */
export const heavyWork = pgTable(
  'heavy_work',
  {
    /** The failed result's id: a job is charged once. */
    resultId: text('result_id').primaryKey(),
    guestSessionId: text('guest_session_id'),
    userId: text('user_id'),
    /** Charged to a guest: counts against the guest's address too, like the quota (docs/decisions/0080). */
    byGuest: boolean('by_guest').notNull(),
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('heavy_work_user_idx').on(t.userId, t.createdAt),
    index('heavy_work_guest_session_idx').on(t.guestSessionId, t.createdAt),
    index('heavy_work_client_ip_idx').on(t.clientIp, t.createdAt),
  ],
);
