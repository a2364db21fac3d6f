import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { AdminContactMessagesResponse, ContactMessage } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { contactMessages, type ContactMessageRow } from '../../db/schema/index.js';
import { CONFIRMATIONS_PER_DAY } from './confirmation.js';
import type { ContactMailer } from './mailer.js';

/** The admin panel lists the newest messages only; older ones stay in the database. */
export const ADMIN_CONTACT_LIST_LIMIT = 100;
/** Enough of a delivery error for the operator to act on, without filling the row. */
const EMAIL_ERROR_MAX = 500;

export interface Sender {
  language: string;
  userId: string | null;
}

/** Stores the message before anything else, so a mail server that is down loses nothing. */
export async function storeContactMessage(db: Database, message: ContactMessage, sender: Sender, now: Date): Promise<ContactMessageRow> {
  const [row] = await db
    .insert(contactMessages)
    .values({ id: randomUUID(), ...message, language: sender.language, userId: sender.userId, createdAt: now })
    .returning();
  return row!;
}

/**
 * E-mails a stored message and records the outcome on its row. Never throws: the visitor already
 * has their answer, and a failed delivery is the operator's to see, in the row and the log.
 */
export async function deliverContactMessage(
  db: Database,
  mailer: ContactMailer,
  row: ContactMessageRow,
  now: () => Date,
): Promise<{ delivered: boolean; error?: unknown }> {
  try {
    await mailer.send({ ...row, signedInUserId: row.userId, receivedAt: row.createdAt });
    await db.update(contactMessages).set({ emailedAt: now(), emailError: null }).where(eq(contactMessages.id, row.id));
    return { delivered: true };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await db
      .update(contactMessages)
      .set({ emailError: text.slice(0, EMAIL_ERROR_MAX) })
      .where(eq(contactMessages.id, row.id))
      .catch(() => undefined);
    return { delivered: false, error };
  }
}

/** Whether the account's latest message, already stored, is still within its confirmations for the last 24 hours (docs/decisions/0143). */
export async function confirmationDue(db: Database, userId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const [recent] = await db
    .select({ sent: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.userId, userId), gt(contactMessages.createdAt, since)));
  return Number(recent?.sent ?? 0) <= CONFIRMATIONS_PER_DAY;
}

export async function listContactMessages(db: Database): Promise<AdminContactMessagesResponse> {
  const [rows, [total]] = await Promise.all([
    db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(ADMIN_CONTACT_LIST_LIMIT),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return {
    total: Number(total?.total ?? 0),
    messages: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      language: row.language,
      signedIn: row.userId !== null,
      createdAt: row.createdAt.toISOString(),
      emailedAt: row.emailedAt?.toISOString() ?? null,
      emailFailed: row.emailedAt === null && row.emailError !== null,
    })),
  };
}
