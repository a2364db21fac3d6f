import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditActions, type AdminAuditEntry, type AdminAuditResponse, type AuditAction } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { adminAudit, users } from '../../db/schema/index.js';

export interface AuditRecord {
  actor: string;
  action: AuditAction;
  targetUserId?: string | null;
  targetMessageId?: string | null;
  before?: Record<string, unknown> | null;
  change: Record<string, unknown>;
  /** The app's clock, so retention and the trail agree with it. */
  at: Date;
}

/** Writes one audit row; inside the change's own transaction, so a change is never left unrecorded (docs/decisions/0196). */
export async function recordAudit(db: Pick<Database, 'insert'>, record: AuditRecord): Promise<void> {
  await db.insert(adminAudit).values({
    id: randomUUID(),
    actor: record.actor,
    action: record.action,
    targetUserId: record.targetUserId ?? null,
    targetMessageId: record.targetMessageId ?? null,
    before: record.before ?? null,
    change: record.change,
    createdAt: record.at,
  });
}

/** Escapes LIKE's wildcards, so a search for "a_b" finds that text and nothing else. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const actorUser = alias(users, 'actor_user');
const targetUser = alias(users, 'target_user');

function asAction(value: string): AuditAction {
  return (auditActions as readonly string[]).includes(value) ? (value as AuditAction) : 'user_updated';
}

/**
 * One page of the audit trail, newest first. `user` matches part of the actor's or the account's e-mail,
 * or a whole id (what is left of a deleted account).
 */
export async function listAudit(
  db: Database,
  query: { user: string; action?: AuditAction; page: number; pageSize: number },
): Promise<AdminAuditResponse> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(adminAudit.action, query.action));
  if (query.user) {
    const pattern = likePattern(query.user);
    filters.push(
      or(
        eq(adminAudit.targetUserId, query.user),
        eq(adminAudit.actor, query.user),
        ilike(targetUser.email, pattern),
        ilike(actorUser.email, pattern),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [matching]] = await Promise.all([
    db
      .select({ row: adminAudit, actorEmail: actorUser.email, targetEmail: targetUser.email })
      .from(adminAudit)
      .leftJoin(actorUser, eq(actorUser.id, adminAudit.actor))
      .leftJoin(targetUser, eq(targetUser.id, adminAudit.targetUserId))
      .where(where)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(adminAudit)
      .leftJoin(actorUser, eq(actorUser.id, adminAudit.actor))
      .leftJoin(targetUser, eq(targetUser.id, adminAudit.targetUserId))
      .where(where),
  ]);
  const entries: AdminAuditEntry[] = rows.map(({ row, actorEmail, targetEmail }) => ({
    id: row.id,
    action: asAction(row.action),
    actor: { id: row.actor, email: actorEmail },
    target: row.targetUserId ? { id: row.targetUserId, email: targetEmail } : null,
    messageId: row.targetMessageId,
    before: row.before,
    after: row.change,
    createdAt: row.createdAt.toISOString(),
  }));
  return { entries, total: Number(matching?.total ?? 0), page: query.page, pageSize: query.pageSize };
}

/** Retention (docs/decisions/0198): audit rows older than the setting go. */
export async function sweepAudit(db: Pick<Database, 'delete'>, olderThan: Date): Promise<number> {
  const deleted = await db.delete(adminAudit).where(lte(adminAudit.createdAt, olderThan)).returning({ id: adminAudit.id });
  return deleted.length;
}
