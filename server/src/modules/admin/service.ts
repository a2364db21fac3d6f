import { randomUUID } from 'node:crypto';
import { count, desc, eq, ne, sql } from 'drizzle-orm';
import type { AdminStats, AdminUser, AdminUserUpdate } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { adminAudit, results, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/** Results that used a unit: everything but a reservation still in progress. */
const countedResults = ne(results.status, 'processing');

export async function adminStats(db: Database): Promise<AdminStats> {
  const [byTier, [images]] = await Promise.all([
    db.select({ tier: users.tier, total: count() }).from(users).groupBy(users.tier),
    db.select({ total: count() }).from(results).where(countedResults),
  ]);
  const of = (tier: string) => Number(byTier.find((row) => row.tier === tier)?.total ?? 0);
  return {
    totalUsers: of('registered') + of('premium'),
    registeredUsers: of('registered'),
    premiumUsers: of('premium'),
    totalImages: Number(images?.total ?? 0),
  };
}

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  tier: users.tier,
  createdAt: users.createdAt,
  isActive: users.isActive,
  // Qualified by hand: inside a subquery drizzle writes bare column names, and "id" would mean results.id.
  imagesProcessedTotal: sql<number>`(select count(*) from "results" where "results"."user_id" = "users"."id" and "results"."status" <> 'processing')`,
};

function toAdminUser(row: { createdAt: Date; imagesProcessedTotal: number | string } & Omit<AdminUser, 'createdAt' | 'imagesProcessedTotal'>): AdminUser {
  return { ...row, createdAt: row.createdAt.toISOString(), imagesProcessedTotal: Number(row.imagesProcessedTotal) };
}

export async function listUsers(db: Database): Promise<AdminUser[]> {
  const rows = await db.select(userColumns).from(users).orderBy(desc(users.createdAt));
  return rows.map(toAdminUser);
}

/**
 * Applies a support change and records who made it; deactivation deletes the user's sessions,
 * so they are signed out on their next request.
 */
export async function updateUser(db: Database, actor: string, targetId: string, change: AdminUserUpdate): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set(change).where(eq(users.id, targetId)).returning({ id: users.id });
    if (!updated) throw new AppError('not_found', 'This user does not exist.');
    if (change.isActive === false) await tx.delete(sessions).where(eq(sessions.userId, targetId));
    await tx.insert(adminAudit).values({ id: randomUUID(), actor, targetUserId: targetId, change });
    const [row] = await tx.select(userColumns).from(users).where(eq(users.id, targetId));
    return toAdminUser(row!);
  });
}

/** The operator command's grant and revoke: the admin role by e-mail, audited as 'operator'. */
export async function setAdminRole(db: Database, email: string, admin: boolean): Promise<void> {
  const [user] = await db.update(users).set({ isAdmin: admin }).where(eq(users.email, email.trim().toLowerCase())).returning({ id: users.id });
  if (!user) throw new AppError('not_found', `No account uses ${email}.`);
  await db.insert(adminAudit).values({ id: randomUUID(), actor: 'operator', targetUserId: user.id, change: { isAdmin: admin } });
}
