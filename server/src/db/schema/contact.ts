import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A message from the contact form, stored before any e-mail is attempted so none is lost. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The interface language the visitor wrote from. */
    language: text('language').notNull().default('en'),
    /** Set when the sender was signed in. */
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once SMTP accepted the message; null without SMTP or while it failed. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** The last delivery failure, for the operator; never shown to the visitor. */
    emailError: text('email_error'),
    /** Set when support marked it handled (docs/decisions/0197); retention counts from its arrival either way. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The admin who marked it handled. */
    handledBy: text('handled_by'),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_user_idx').on(t.userId)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
