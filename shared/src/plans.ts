import { z } from 'zod';
import { retentionSchema } from './privacy.js';

export const tiers = ['guest', 'registered', 'premium'] as const;
export const tierSchema = z.enum(tiers);
export type Tier = z.infer<typeof tierSchema>;

export const outputFormats = ['jpeg', 'png', 'webp', 'avif'] as const;
export const outputFormatSchema = z.enum(outputFormats);
export type OutputFormat = z.infer<typeof outputFormatSchema>;

/** How the allowance of a plan is counted. */
export const quotaWindowSchema = z.enum(['rolling-24h', 'calendar-month']);
export type QuotaWindow = z.infer<typeof quotaWindowSchema>;

export const planSchema = z.object({
  tier: tierSchema,
  /** null means unlimited. */
  maxImages: z.number().int().nonnegative().nullable(),
  window: quotaWindowSchema,
  filesPerSelection: z.number().int().positive(),
  maxImageBytes: z.number().int().positive(),
  maxPresentationBytes: z.number().int().positive(),
  outputFormats: z.array(outputFormatSchema),
  powerpoint: z.boolean(),
  history: z.boolean(),
  ads: z.enum(['yes', 'fewer', 'none']),
  priceEurCents: z.number().int().nonnegative(),
});
export type Plan = z.infer<typeof planSchema>;

/**
 * Who runs this installation, from the OPERATOR_* settings (docs/decisions/0247): the legal pages and the imprint
 * quote it; null where the operator has not filled it in, never a made-up value.
 */
export const operatorSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  companyNumber: z.string().nullable(),
  supervisoryAuthority: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** The setting behind each field, for the admin panel's list of what is missing. */
export const operatorSettings: Record<keyof Operator, string> = {
  name: 'OPERATOR_NAME',
  address: 'OPERATOR_ADDRESS',
  email: 'OPERATOR_EMAIL',
  companyNumber: 'OPERATOR_COMPANY_NUMBER',
  supervisoryAuthority: 'OPERATOR_SUPERVISORY_AUTHORITY',
};

export const plansResponseSchema = z.object({
  plans: z.array(planSchema),
  /** How long results stay downloadable before they are deleted (RETENTION_HOURS); the privacy policy states it. */
  retentionHours: z.number().positive(),
  /** How long the rest is kept, in days (docs/decisions/0198); the privacy policy states it. */
  retention: retentionSchema,
  /** Premium can be bought here (Stripe keys are set); without, no page offers a purchase (docs/decisions/0121). */
  paymentsAvailable: z.boolean(),
  /** The operator's identity for the legal pages and the imprint (docs/decisions/0247). */
  operator: operatorSchema,
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PRESENTATION_BYTES = 50 * 1024 * 1024;
