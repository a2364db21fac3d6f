/**
 * Forgotten passwords: single-use links by e-mail (docs/decisions/0059).
 * The module's door: other modules and the entry points import only this file.
 */
export { createPasswordResetMailer, type PasswordResetMailer } from './mailer.js';
export { passwordResetRoutes } from './routes.js';
export { emailUnavailable, endResetLinks, sendResetLink, sweepPasswordResets } from './reset-links.js';
