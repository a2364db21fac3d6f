/**
 * The admin area behind one guard: stats, users, tiers, audit trail; the operator's admin from ADMIN_EMAIL.
 * The module's door: other modules and the entry points import only this file.
 */
export { adminRoutes } from './routes.js';
export { setAdminRole } from './users.js';
export { sweepAudit } from './audit.js';
export { ensureOperatorAdmin, type OperatorAdmin, type OperatorAdminOutcome } from './operator.js';
