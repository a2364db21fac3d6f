export * from './sessions.js';
// The results table is modules/results' alone (docs/decisions/0172): only its row type is shared here.
export type { ResultRow } from './results.js';
export * from './users.js';
export * from './audit.js';
export * from './contact.js';
export * from './uptime.js';
export * from './billing.js';
export * from './api-keys.js';
export * from './password-resets.js';
export * from './heavy-work.js';
export * from './password-failures.js';
export * from './sign-ups.js';
export * from './confirmation-links.js';
export * from './data-exports.js';
