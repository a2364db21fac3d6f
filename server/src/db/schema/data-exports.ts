import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A user's "Download my data" ZIP, made as a job (docs/decisions/0199); the file lives in the results store. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed'] }).notNull(),
    /** 0–100, how much of the ZIP is written. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    size: integer('size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** When the file and its link go; the row goes with them. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt), index('data_exports_expires_idx').on(t.expiresAt)],
);

export type DataExportRow = typeof dataExports.$inferSelect;
