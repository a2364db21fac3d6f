/**
 * Contact messages: stored, then e-mailed; the SMTP transport other mail reuses.
 * The module's door: other modules and the entry points import only this file.
 */
export { smtpTransport } from './mailer.js';
export { contactRoutes } from './routes.js';
export {
  deleteContactMessage,
  deleteContactMessagesOf,
  listContactMessages,
  setContactMessageHandled,
  sweepContactMessages,
} from './messages.js';
