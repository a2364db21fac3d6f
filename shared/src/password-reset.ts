import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.js';

/** How long an e-mailed reset link works. */
export const PASSWORD_RESET_LIFETIME_MINUTES = 60;

/** GET /api/auth/password-reset: whether this installation can e-mail reset links. */
export const passwordResetInfoSchema = z.object({ available: z.boolean() });
export type PasswordResetInfo = z.infer<typeof passwordResetInfoSchema>;

/** POST /api/auth/password-reset: the address to send a link to, and the language to write it in. */
export const passwordResetRequestSchema = z.object({
  email: emailSchema,
  language: z.string().max(10).optional(),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** The one answer to a reset request, whether or not an account has that address. */
export const passwordResetReceiptSchema = z.object({ status: z.literal('sent') });
export type PasswordResetReceipt = z.infer<typeof passwordResetReceiptSchema>;

/** POST /api/auth/password-reset/confirm: the token from the link and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1, 'The reset link is not complete').max(200, 'The reset link is not valid'),
  newPassword: newPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** POST /api/admin/users/:id/password-reset: sent to the user's own address. */
export const adminPasswordResetReceiptSchema = z.object({ status: z.literal('sent'), email: z.string(), expiresAt: z.string() });
export type AdminPasswordResetReceipt = z.infer<typeof adminPasswordResetReceiptSchema>;
