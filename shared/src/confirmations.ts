import { z } from 'zod';

export const confirmationPurposes = ['email', 'admin'] as const;
export type ConfirmationPurpose = (typeof confirmationPurposes)[number];

/** POST /api/auth/confirm: the token from the link. */
export const confirmationFollowSchema = z.object({
  token: z.string().min(1, 'The link is not complete').max(200, 'The link is not valid'),
});

/** What following a link did. */
export const confirmationOutcomeSchema = z.object({ purpose: z.enum(confirmationPurposes), email: z.string() });
export type ConfirmationOutcome = z.infer<typeof confirmationOutcomeSchema>;

/** POST /api/auth/email-confirmation: the language to write the new link's mail in. */
export const emailConfirmationRequestSchema = z.object({ language: z.string().max(10).optional() });

export const emailConfirmationReceiptSchema = z.object({ status: z.literal('sent'), expiresAt: z.string() });
export type EmailConfirmationReceipt = z.infer<typeof emailConfirmationReceiptSchema>;
