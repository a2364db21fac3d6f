/**
 * Who is asking (a user or a guest) and the session store.
 * The module's door: other modules and the entry points import only this file.
 */
export { sessionRoutes } from './routes.js';
export { currentVisitor, deactivated, findUser, type Visitor } from './visitor.js';
export { databaseSessionStore, endExpiredSessions, SESSION_LIFETIME_MS } from './store.js';
