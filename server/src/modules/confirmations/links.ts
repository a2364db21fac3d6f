import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { CONFIRMATION_LINK_LIFETIME_HOURS, type ConfirmationOutcome, type ConfirmationPurpose } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { adminAudit, confirmationLinks, users, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldRefusal } from '../../core/errors.js';
import { deactivated } from '../session/index.js';
import type { ConfirmationMailer } from './mailer.js';

/** Only this digest is stored: a copy of the database cannot be turned into working links. */
function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Makes a single-use link valid for CONFIRMATION_LINK_LIFETIME_HOURS and mails it to the account's own address. */
export async function sendConfirmationLink(
  db: Database,
  mailer: ConfirmationMailer,
  user: UserRow,
  purpose: ConfirmationPurpose,
  options: { now: Date; language: string },
): Promise<{ expiresAt: Date }> {
  // 256 random bits: guessing one is hopeless, so a fast digest is enough to store it.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + CONFIRMATION_LINK_LIFETIME_HOURS * 3600_000);
  await db.insert(confirmationLinks).values({
    id: randomUUID(),
    userId: user.id,
    purpose,
    email: user.email,
    tokenHash: tokenDigest(token),
    createdAt: options.now,
    expiresAt,
  });
  await mailer.send({ to: user.email, token, purpose, language: options.language });
  return { expiresAt };
}

/** Whether a link of this purpose sent to the user is still open (unused, unexpired). */
export async function hasOpenLink(db: Database, userId: string, purpose: ConfirmationPurpose, now: Date): Promise<boolean> {
  const [open] = await db
    .select({ id: confirmationLinks.id })
    .from(confirmationLinks)
    .where(
      and(
        eq(confirmationLinks.userId, userId),
        eq(confirmationLinks.purpose, purpose),
        isNull(confirmationLinks.usedAt),
        gt(confirmationLinks.expiresAt, now),
      ),
    )
    .limit(1);
  return open !== undefined;
}

function invalidLink(): AppError {
  return fieldRefusal(
    'invalid_input',
    'This link is not valid any more: it was used or it expired. Ask for a new one.',
    'token',
    { code: 'link_invalid' },
    'This link is not valid any more.',
  );
}

/**
 * Follows a link once: it is spent in the statement that checks it, so two tries at once cannot both pass.
 * Either purpose confirms the address it was sent to; an admin link also gives the admin role, while its
 * address is still listed in ADMIN_EMAILS, and is audited as 'ADMIN_EMAILS'.
 */
export async function followConfirmationLink(
  db: Database,
  token: string,
  adminEmails: readonly string[],
  now: Date,
): Promise<ConfirmationOutcome> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(confirmationLinks)
      .set({ usedAt: now })
      .where(
        and(eq(confirmationLinks.tokenHash, tokenDigest(token)), isNull(confirmationLinks.usedAt), gt(confirmationLinks.expiresAt, now)),
      )
      .returning();
    if (!link) throw invalidLink();
    const [user] = await tx.select().from(users).where(eq(users.id, link.userId));
    // The account's address changed, or it is gone: the link proved nothing about it.
    if (!user || user.email !== link.email) throw invalidLink();
    if (!user.isActive) throw deactivated();
    const admin = link.purpose === 'admin';
    if (admin && !adminEmails.includes(user.email)) throw invalidLink();
    await tx
      .update(users)
      .set({ emailConfirmedAt: user.emailConfirmedAt ?? now, ...(admin ? { isAdmin: true } : {}) })
      .where(eq(users.id, user.id));
    if (admin && !user.isAdmin) {
      await tx.insert(adminAudit).values({ id: randomUUID(), actor: 'ADMIN_EMAILS', targetUserId: user.id, change: { isAdmin: true } });
    }
    return { purpose: link.purpose, email: user.email };
  });
}
