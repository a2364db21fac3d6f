import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { PASSWORD_RESET_LIFETIME_MINUTES } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { passwordResets, sessions, users, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldRefusal } from '../../core/errors.js';
import { deactivated } from '../session/index.js';
import type { PasswordResetMailer } from './mailer.js';

/** Only this digest is stored: a copy of the database cannot be turned into working links. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SentResetLink {
  expiresAt: Date;
}

/** Makes a single-use link for the user, valid for an hour, and e-mails it to the account's own address. */
export async function sendResetLink(
  db: Database,
  mailer: PasswordResetMailer,
  user: UserRow,
  options: { now: Date; language: string; requestedBy: string | null },
): Promise<SentResetLink> {
  // 256 random bits: guessing one is hopeless, so a fast digest is enough to store it.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + PASSWORD_RESET_LIFETIME_MINUTES * 60_000);
  await db.insert(passwordResets).values({
    id: randomUUID(),
    userId: user.id,
    tokenHash: tokenDigest(token),
    requestedBy: options.requestedBy,
    createdAt: options.now,
    expiresAt,
  });
  await mailer.send({ to: user.email, token, language: options.language, bySupport: options.requestedBy !== null });
  return { expiresAt };
}

/** A user-requested link: sent only to an active account that exists; the caller never learns which. */
export async function sendResetLinkIfAccount(
  db: Database,
  mailer: PasswordResetMailer,
  email: string,
  options: { now: Date; language: string },
) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user || !user.isActive) return false;
  await sendResetLink(db, mailer, user, { ...options, requestedBy: null });
  return true;
}

function invalidLink(): AppError {
  return fieldRefusal(
    'invalid_input',
    'This reset link is not valid any more: it was used, it expired, or a newer password was set. Ask for a new one.',
    'token',
    { code: 'link_invalid' },
    'This reset link is not valid any more.',
  );
}

/**
 * Uses a link once: the link is spent in the same statement that checks it (so two tries at once
 * cannot both pass), the password changes, every session of the user ends and their other links die.
 */
export async function resetPassword(db: Database, token: string, newPassword: string, now: Date): Promise<UserRow> {
  const passwordHash = await hash(newPassword);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenDigest(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!spent) throw invalidLink();
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId));
    if (!user) throw invalidLink();
    if (!user.isActive) throw deactivated();
    // The link reached the account's address: that confirms it, as a confirmation link would (docs/decisions/0189).
    const emailConfirmedAt = user.emailConfirmedAt ?? now;
    await tx.update(users).set({ passwordHash, emailConfirmedAt }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await endResetLinks(tx, user.id, now);
    return { ...user, passwordHash, emailConfirmedAt };
  });
}

/** Links still open for a user stop working: after any new password they would only be a way back in. */
export async function endResetLinks(db: Pick<Database, 'update'>, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Reset links need e-mail (SMTP_URL, a sender and PUBLIC_URL); without it the answer says so. */
export function emailUnavailable(): AppError {
  return new AppError('email_unavailable', 'Password reset by e-mail is not available on this installation. Please contact support.');
}

/** Retention (docs/decisions/0198): links created before `olderThan` are long dead; their rows go. */
export async function sweepPasswordResets(db: Pick<Database, 'delete'>, olderThan: Date): Promise<number> {
  const deleted = await db.delete(passwordResets).where(lte(passwordResets.createdAt, olderThan)).returning({ id: passwordResets.id });
  return deleted.length;
}
