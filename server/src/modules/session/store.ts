import type { SessionStore } from '@fastify/session';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

const DEFAULT_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** @fastify/session store over the sessions table, so sessions survive restarts and work across instances. */
export function databaseSessionStore(db: Database): SessionStore {
  return {
    set(sessionId, session, callback) {
      const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      const cookie = data.cookie as { expires?: string } | undefined;
      const expiresAt = cookie?.expires ? new Date(cookie.expires) : new Date(Date.now() + DEFAULT_LIFETIME_MS);
      const userId = typeof data.userId === 'string' ? data.userId : null;
      db.insert(sessions)
        .values({ id: sessionId, userId, data, expiresAt })
        .onConflictDoUpdate({ target: sessions.id, set: { userId, data, expiresAt, updatedAt: new Date() } })
        .then(() => callback(), callback);
    },
    get(sessionId, callback) {
      db.select()
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .then(([row]) => {
          if (!row || row.expiresAt.getTime() <= Date.now()) return callback(null, null);
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
