import { randomInt, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { adminAudit, sessions, users } from '../../db/schema/index.js';

/** The operator's admin from ADMIN_EMAIL and ADMIN_PASSWORD(_FILE), as the settings give it. */
export interface OperatorAdmin {
  email: string;
  password: string;
}

export type OperatorAdminOutcome = 'created' | 'updated' | 'unchanged';

/**
 * At start: creates the account with the admin role, or gives an existing one the role and this password,
 * as Grafana's and Gitea's admin settings do (docs/decisions/0189). A changed password ends the account's
 * sessions; an unchanged one changes nothing, so a restart signs nobody out. Safe when instances start together.
 */
export async function ensureOperatorAdmin(db: Database, admin: OperatorAdmin, now: Date): Promise<OperatorAdminOutcome> {
  const email = admin.email.trim().toLowerCase();
  let [existing] = await db.select().from(users).where(eq(users.email, email));
  // A generated username may be taken, or another instance may create the account a moment before: try again.
  for (let attempt = 0; !existing && attempt < 5; attempt++) {
    const id = randomUUID();
    const created = await db
      .insert(users)
      .values({
        id,
        username: `admin${randomInt(1000, 100000)}`,
        email,
        passwordHash: await hash(admin.password),
        firstName: 'Admin',
        lastName: 'Lightpix',
        isAdmin: true,
        // The operator chose this address; nobody else can have followed a link to it.
        emailConfirmedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length > 0) {
      await db
        .insert(adminAudit)
        .values({ id: randomUUID(), actor: 'ADMIN_EMAIL', targetUserId: id, change: { created: true, isAdmin: true } });
      return 'created';
    }
    [existing] = await db.select().from(users).where(eq(users.email, email));
  }
  if (!existing) throw new Error(`ADMIN_EMAIL: could not create the account ${email}`);
  const samePassword = await verify(existing.passwordHash, admin.password).catch(() => false);
  if (existing.isAdmin && existing.isActive && samePassword) return 'unchanged';
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isAdmin: true, isActive: true, ...(samePassword ? {} : { passwordHash: await hash(admin.password) }) })
      .where(eq(users.id, existing.id));
    if (!samePassword) await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    const change = {
      ...(existing.isAdmin ? {} : { isAdmin: true }),
      ...(existing.isActive ? {} : { isActive: true }),
      ...(samePassword ? {} : { password: 'set' }),
    };
    await tx.insert(adminAudit).values({ id: randomUUID(), actor: 'ADMIN_EMAIL', targetUserId: existing.id, change });
  });
  return 'updated';
}
