import { pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per minute in which some app instance was up and reached the database; the share of
 * minutes present is the uptime the landing page reports (measured, not claimed).
 */
export const uptimeMinutes = pgTable('uptime_minutes', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
});
