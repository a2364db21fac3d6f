/**
 * Links mailed to an account's own address that prove its owner reads it: the e-mail's confirmation and
 * the admin role ADMIN_EMAILS offers, one table and one kind of link (docs/decisions/0189, 0191).
 * The module's door: other modules and the entry points import only this file.
 */
export { createConfirmationMailer, mailIsSetUp, type ConfirmationMailer } from './mailer.js';
export { confirmations, type Confirmations } from './offers.js';
export { confirmationRoutes } from './routes.js';
