export * from './errors.js';
export * from './plans.js';
export * from './session.js';
export * from './images.js';
export * from './settings.js';
export * from './routes.js';
export * from './auth.js';
export * from './admin.js';
