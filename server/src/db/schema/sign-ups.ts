import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One account created, by address and device, without naming the account: the sign-up limits count
 * these (docs/decisions/0191). Kept only as long as the limits' window.
 */
export const signUps = pgTable(
  'sign_ups',
  {
    id: text('id').primaryKey(),
    clientIp: text('client_ip').notNull(),
    /** The device cookie's random id. */
    deviceId: text('device_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_ups_client_ip_idx').on(t.clientIp, t.createdAt), index('sign_ups_device_idx').on(t.deviceId, t.createdAt)],
);
