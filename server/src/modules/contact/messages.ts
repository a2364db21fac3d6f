import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import {
  ADMIN_CONTACT_PAGE_SIZE,
  type AdminContactMessage,
  type AdminContactMessagesResponse,
  type ContactMessage,
} from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { contactMessages, type ContactMessageRow } from '../../db/schema/index.js';
import { CONFIRMATIONS_PER_DAY } from './confirmation.js';
import type { ContactMailer } from './mailer.js';

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

function toAdminMessage(row: ContactMessageRow): AdminContactMessage {
  return {
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
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

const byStatus = {
  open: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
  all: undefined,
};

/** The admin inbox: one page of messages, newest first, open ones unless asked otherwise (docs/decisions/0197). */
export async function listContactMessages(
  db: Database,
  query: { status: 'open' | 'handled' | 'all'; page: number } = { status: 'all', page: 1 },
): Promise<AdminContactMessagesResponse> {
  const where = byStatus[query.status];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(ADMIN_CONTACT_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_CONTACT_PAGE_SIZE),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { total: Number(total?.total ?? 0), page: query.page, pageSize: ADMIN_CONTACT_PAGE_SIZE, messages: rows.map(toAdminMessage) };
}

/** Marks a message handled (or open again); the handledAt before and after, for the audit. Null when there is no such message. */
export async function setContactMessageHandled(
  db: Pick<Database, 'select' | 'update'>,
  id: string,
  handled: boolean,
  by: string,
  now: Date,
): Promise<{ before: string | null; message: AdminContactMessage } | null> {
  const [current] = await db.select({ handledAt: contactMessages.handledAt }).from(contactMessages).where(eq(contactMessages.id, id));
  if (!current) return null;
  const [row] = await db
    .update(contactMessages)
    .set(handled ? { handledAt: current.handledAt ?? now, handledBy: by } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, id))
    .returning();
  return { before: current.handledAt?.toISOString() ?? null, message: toAdminMessage(row!) };
}

/** Deletes one message; false when there was none. */
export async function deleteContactMessage(db: Pick<Database, 'delete'>, id: string): Promise<boolean> {
  const deleted = await db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return deleted.length > 0;
}

/** An account's messages: those sent signed in, and those signed with its e-mail (docs/decisions/0200). */
const sentBy = (user: { id: string; email: string }) => or(eq(contactMessages.userId, user.id), eq(contactMessages.email, user.email));

/** A deleted account's messages go with it (docs/decisions/0200). */
export async function deleteContactMessagesOf(db: Pick<Database, 'delete'>, user: { id: string; email: string }): Promise<number> {
  const deleted = await db.delete(contactMessages).where(sentBy(user)).returning({ id: contactMessages.id });
  return deleted.length;
}

/** The same messages for the account's data export, oldest first (docs/decisions/0250). */
export function contactMessagesOf(db: Pick<Database, 'select'>, user: { id: string; email: string }): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).where(sentBy(user)).orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
}

/** Retention: messages older than the setting go, handled or not (docs/decisions/0198). */
export async function sweepContactMessages(db: Pick<Database, 'delete'>, olderThan: Date): Promise<number> {
  const deleted = await db.delete(contactMessages).where(lte(contactMessages.createdAt, olderThan)).returning({ id: contactMessages.id });
  return deleted.length;
}
