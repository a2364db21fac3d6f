import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One wrong password, wherever it was checked (sign-in, password change, deletion): only failures
 * are counted, and a success clears the account's (docs/decisions/0188). Rows older than a day go.
 */
export const passwordFailures = pgTable(
  'password_failures',
  {
    id: text('id').primaryKey(),
    /** The address tried, lower-cased, whether an account uses it or not. */
    account: text('account').notNull(),
    clientIp: text('client_ip').notNull(),
    /** Set when the account's owner got in since: no longer counted against the account, still against the address. */
    cleared: boolean('cleared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_failures_account_idx').on(t.account, t.createdAt), index('password_failures_ip_idx').on(t.clientIp, t.createdAt)],
);
