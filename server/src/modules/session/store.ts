import type { SessionStore } from '@fastify/session';
import { eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/** A session lives 30 days from its start: the privacy policy's limit for persistent cookies. */
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** @fastify/session store over the sessions table, so sessions survive restarts and work across instances. */
export function databaseSessionStore(db: Database, now: () => Date = () => new Date()): SessionStore {
  return {
    set(sessionId, session, callback) {
      const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      // The lifetime counts from the first write on the app's clock; later writes keep it.
      const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_MS);
      const userId = typeof data.userId === 'string' ? data.userId : null;
      db.insert(sessions)
        .values({ id: sessionId, userId, data, expiresAt })
        .onConflictDoUpdate({ target: sessions.id, set: { userId, data, updatedAt: now() } })
        .then(() => callback(), callback);
    },
    get(sessionId, callback) {
      db.select()
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .then(([row]) => {
          if (!row || row.expiresAt.getTime() <= now().getTime()) return callback(null, null);
          callback(null, row.data as never);
        }, callback);
    },
    destroy(sessionId, callback) {
      db.delete(sessions)
        .where(eq(sessions.id, sessionId))
        .then(() => callback(), callback);
    },
  };
}

/** Deletes sessions past their lifetime (the retention sweep runs it); says how many went. */
export async function endExpiredSessions(db: Database, now: Date): Promise<number> {
  const ended = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return ended.length;
}
