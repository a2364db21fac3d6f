import { z } from 'zod';
import { newPasswordSchema, typedPasswordSchema } from './auth.js';
import { tierSchema } from './plans.js';

/** Stripe's subscription statuses. */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Statuses that keep premium: a failed renewal (past_due) keeps it while Stripe retries the card. */
export const premiumStatuses: readonly string[] = ['active', 'trialing', 'past_due'];

/** One page visit's attempt: a double click sends the same id, so Stripe sees one request. */
export const createSubscriptionRequestSchema = z.object({
  attemptId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'attemptId must be 8 to 64 letters, digits or dashes')
    .optional(),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

export const createSubscriptionResponseSchema = z.union([
  z.object({ status: z.literal('active') }),
  /** The first invoice's payment to confirm with Stripe.js, and the publishable key to load it with. */
  z.object({ clientSecret: z.string(), publishableKey: z.string() }),
]);
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const accountSubscriptionSchema = z.object({
  status: z.string(),
  /** ISO time the paid period ends: the renewal date, or the end date once cancelled. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type AccountSubscription = z.infer<typeof accountSubscriptionSchema>;

/** GET /api/subscription: what /account shows about the plan and its billing. */
export const billingAccountSchema = z.object({
  tier: tierSchema,
  /** Premium given by support, independent of any payment. */
  complimentary: z.boolean(),
  priceEurCents: z.number().int().nonnegative(),
  paymentsAvailable: z.boolean(),
  portalAvailable: z.boolean(),
  /** The live (or last) subscription, null when the user never subscribed. */
  subscription: accountSubscriptionSchema.nullable(),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;

export const portalResponseSchema = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: typedPasswordSchema('Current password is required'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Deleting an account asks for the password again. */
export const deleteAccountRequestSchema = z.object({
  password: typedPasswordSchema(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** A 204 answer: no body. */
export const noContentSchema = z.undefined();
