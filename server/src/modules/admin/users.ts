import { count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { AdminPasswordResetReceipt, AdminStats, AdminUser, AdminUsersResponse, AdminUserUpdate } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { AppError, fieldRefusal } from '../../core/errors.js';
import type { ResultStore } from '../../storage/result-store.js';
import { removeAccount } from '../account/index.js';
import type { Billing } from '../billing/index.js';
import { currentSubscriptionField, refreshTier } from '../billing/index.js';
import type { PasswordResetMailer } from '../password-reset/index.js';
import { sendResetLink } from '../password-reset/index.js';
import { countAllSpent, spentByUserField } from '../results/index.js';
import { likePattern, recordAudit } from './audit.js';

export async function adminStats(db: Database): Promise<AdminStats> {
  const [byTier, images] = await Promise.all([
    db.select({ tier: users.tier, total: count() }).from(users).groupBy(users.tier),
    countAllSpent(db),
  ]);
  const of = (tier: string) => Number(byTier.find((row) => row.tier === tier)?.total ?? 0);
  return {
    totalUsers: of('registered') + of('premium'),
    registeredUsers: of('registered'),
    freeAccounts: of('registered'),
    premiumUsers: of('premium'),
    totalImages: images,
  };
}

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  tier: users.tier,
  createdAt: users.createdAt,
  isActive: users.isActive,
  imagesProcessedTotal: spentByUserField(),
  complimentary: users.complimentary,
  // The subscription the account page shows, chosen by billing's one rule.
  subscriptionStatus: sql<string | null>`${currentSubscriptionField('status')}`,
  currentPeriodEnd: sql<Date | string | null>`${currentSubscriptionField('current_period_end')}`,
};

type UserColumns = { createdAt: Date; imagesProcessedTotal: number | string; currentPeriodEnd: Date | string | null } & Omit<
  AdminUser,
  'createdAt' | 'imagesProcessedTotal' | 'currentPeriodEnd'
>;

function toAdminUser(row: UserColumns): AdminUser {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    imagesProcessedTotal: Number(row.imagesProcessedTotal),
    // Raw subqueries come back as text from node-postgres and as Date from PGlite.
    currentPeriodEnd: row.currentPeriodEnd === null ? null : new Date(row.currentPeriodEnd).toISOString(),
  };
}

/** One page of users, newest first; `q` matches any part of the e-mail (stored lower-cased). */
export async function listUsers(db: Database, query: { q: string; page: number; pageSize: number }): Promise<AdminUsersResponse> {
  const where = query.q ? ilike(users.email, likePattern(query.q)) : undefined;
  const [rows, [matching]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toAdminUser), total: Number(matching?.total ?? 0), page: query.page, pageSize: query.pageSize };
}

/**
 * Applies a support change and records who made it; deactivation deletes the user's sessions,
 * so they are signed out on their next request. A tier change sets the complimentary flag that
 * webhooks never touch (docs/decisions/0031-tier-from-subscription-and-complimentary.md).
 */
export async function updateUser(db: Database, actor: string, targetId: string, change: AdminUserUpdate, now: Date): Promise<AdminUser> {
  // An admin who deactivated or demoted themself would be locked out with nobody to undo it.
  if (actor === targetId) throw new AppError('forbidden', 'You cannot change your own account. Ask another administrator.');
  return db.transaction(async (tx) => {
    const [was] = await tx
      .select({ isActive: users.isActive, tier: users.tier, complimentary: users.complimentary })
      .from(users)
      .where(eq(users.id, targetId));
    if (!was) throw new AppError('not_found', 'This user does not exist.');
    const columns = {
      ...(change.isActive !== undefined ? { isActive: change.isActive } : {}),
      ...(change.tier !== undefined ? { complimentary: change.tier === 'premium' } : {}),
    };
    const [updated] = await tx.update(users).set(columns).where(eq(users.id, targetId)).returning({ id: users.id });
    if (!updated) throw new AppError('not_found', 'This user does not exist.');
    await refreshTier(tx, targetId);
    if (change.isActive === false) await tx.delete(sessions).where(eq(sessions.userId, targetId));
    const before = {
      ...(change.isActive !== undefined ? { isActive: was.isActive } : {}),
      ...(change.tier !== undefined ? { tier: was.tier, complimentary: was.complimentary } : {}),
    };
    await recordAudit(tx, { actor, action: 'user_updated', targetUserId: targetId, before, change, at: now });
    const [row] = await tx.select(userColumns).from(users).where(eq(users.id, targetId));
    return toAdminUser(row!);
  });
}

/** The operator command's grant and revoke: the admin role by e-mail, audited as 'operator'. */
export async function setAdminRole(db: Database, email: string, admin: boolean): Promise<void> {
  const [was] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  const [user] = await db
    .update(users)
    .set({ isAdmin: admin })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  if (!user) throw new AppError('not_found', `No account uses ${email}.`);
  await recordAudit(db, {
    actor: 'operator',
    action: 'admin_role_changed',
    targetUserId: user.id,
    before: { isAdmin: was?.isAdmin ?? false },
    change: { isAdmin: admin },
    at: new Date(),
  });
}

/** Support e-mails a reset link to the user's own address (never shows it to the admin), audited. */
export async function sendUserResetLink(
  db: Database,
  mailer: PasswordResetMailer,
  actor: string,
  targetId: string,
  options: { now: Date; language: string },
): Promise<AdminPasswordResetReceipt> {
  const [user] = await db.select().from(users).where(eq(users.id, targetId));
  if (!user) throw new AppError('not_found', 'This user does not exist.');
  if (!user.isActive) throw new AppError('conflict', 'This account is deactivated: activate it before sending a reset link.');
  let sent: { expiresAt: Date };
  try {
    sent = await sendResetLink(db, mailer, user, { ...options, requestedBy: actor });
  } catch {
    throw new AppError('email_unavailable', 'The mail server did not accept the reset e-mail. Please try again later.');
  }
  await recordAudit(db, {
    actor,
    action: 'password_reset_sent',
    targetUserId: user.id,
    change: { passwordResetSent: true },
    at: options.now,
  });
  return { status: 'sent', email: user.email, expiresAt: sent.expiresAt.toISOString() };
}

/**
 * Support deletes an account on request: the e-mail typed again must match, then the account's own
 * deletion path runs (Stripe first) and the audit row is written in its commit, with ids only (docs/decisions/0200).
 */
export async function deleteUserBySupport(
  db: Database,
  store: ResultStore,
  billing: Billing | null,
  actor: string,
  targetId: string,
  confirmEmail: string,
  now: Date,
): Promise<void> {
  if (actor === targetId) throw new AppError('forbidden', 'You cannot delete your own account here. Ask another administrator.');
  const [user] = await db.select().from(users).where(eq(users.id, targetId));
  if (!user) throw new AppError('not_found', 'This user does not exist.');
  if (confirmEmail.trim().toLowerCase() !== user.email) {
    throw fieldRefusal('invalid_input', 'The e-mail typed is not this account’s.', 'confirmEmail', { code: 'confirmation_mismatch' });
  }
  const before = { tier: user.tier, isActive: user.isActive, complimentary: user.complimentary, createdAt: user.createdAt.toISOString() };
  await removeAccount(db, store, billing, user, (tx) =>
    recordAudit(tx, { actor, action: 'user_deleted', targetUserId: user.id, before, change: { deleted: true }, at: now }),
  );
}
