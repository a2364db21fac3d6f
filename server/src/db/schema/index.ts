export * from './sessions.js';
export * from './results.js';
export * from './users.js';
export * from './audit.js';
export * from './contact.js';
export * from './uptime.js';
export * from './billing.js';
export * from './api-keys.js';
