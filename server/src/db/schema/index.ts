export * from './sessions.js';
export * from './results.js';
