/**
 * Contact messages: stored, then e-mailed; the SMTP transport and the link mail other mail reuses.
 * The module's door: other modules and the entry points import only this file.
 */
export { accountMailSender, linkMailText, type AccountMailSender } from './account-mail.js';
export { smtpTransport } from './mailer.js';
export { contactRoutes } from './routes.js';
export {
  contactMessagesOf,
  deleteContactMessage,
  deleteContactMessagesOf,
  listContactMessages,
  setContactMessageHandled,
  sweepContactMessages,
} from './messages.js';
