/**
 * The shared schemas of the answers that modules on every page's first load check only when the call
 * is made (lib/laterChecks.ts), with zod: this module is only ever imported on demand (docs/decisions/0283).
 */
export {
  adminContactMessageSchema,
  adminContactMessagesResponseSchema,
  confirmationOutcomeSchema,
  contactReceiptSchema,
  createSubscriptionResponseSchema,
  emailConfirmationReceiptSchema,
  passwordResetInfoSchema,
  passwordResetReceiptSchema,
  portalResponseSchema,
} from '@lightpix/shared';
