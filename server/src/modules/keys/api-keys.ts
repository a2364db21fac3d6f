import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { MAX_API_KEYS, type ApiKey, type CreatedApiKey } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../core/errors.js';
import { windowStart } from '../quota/index.js';
import { madeByKeySinceField } from '../results/index.js';

/** Recognisable in logs and by secret scanners; the rest is 256 random bits. */
const KEY_PREFIX = 'lpx_';

/** A fast hash is enough for a 256-bit random secret, and lets every call find its key by index (docs/decisions/0050). */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function createKey(db: Database, userId: string, name: string, now: Date): Promise<CreatedApiKey> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = { id: randomUUID(), userId, name, hash: hashKey(key), last4: key.slice(-4), createdAt: now };
  await db.transaction(async (tx) => {
    // Under a per-user lock, so parallel requests cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`);
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if (Number(live?.n ?? 0) >= MAX_API_KEYS) {
      throw new AppError('conflict', `You already have ${MAX_API_KEYS} API keys. Revoke one to create another.`).withParams({
        reason: 'api_keys',
        max: MAX_API_KEYS,
      });
    }
    await tx.insert(apiKeys).values(row);
  });
  return { id: row.id, name, key, last4: row.last4, createdAt: now.toISOString() };
}

/** The user's live keys, newest first, each with its compressions this calendar month (UTC) and last use. */
export async function listKeys(db: Database, userId: string, now: Date): Promise<ApiKey[]> {
  const monthStart = windowStart('calendar-month', now);
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      last4: apiKeys.last4,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      usedThisMonth: madeByKeySinceField(monthStart),
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    last4: row.last4,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    usedThisMonth: Number(row.usedThisMonth),
  }));
}

/** Revokes one of the user's own keys; another user's key, or one already revoked, is 404. */
export async function revokeKey(db: Database, userId: string, id: string, now: Date): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new AppError('not_found', 'This API key does not exist.');
}

/** The live key and its owner for a presented key, or null; the owner may have been deactivated since. */
export async function findLiveKey(db: Database, key: string): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.hash, hashKey(key)), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/**
 * A presented key that is live and whose owner is active, marked used at `now`, with its owner; null
 * otherwise (nothing is marked). One statement where a lookup and an update were two (decision 0169).
 */
export async function useLiveKey(db: Database, key: string, now: Date): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .from(users)
    .where(and(eq(users.id, apiKeys.userId), eq(apiKeys.hash, hashKey(key)), isNull(apiKeys.revokedAt), eq(users.isActive, true)))
    .returning({ key: apiKeys, user: users });
  return row ?? null;
}

export async function markKeyUsed(db: Database, keyId: string, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
}
