import { z } from 'zod';
import { tierSchema } from './plans.js';

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);

/** E-mails are compared trimmed and lower-cased, so one person cannot hold two accounts by case. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address').max(254, 'E-mail is too long'));

export const PASSWORD_MIN_LENGTH = 8;

/** A password someone chooses: at sign-up, on a change, through a reset link. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password is too long');

/** A password typed to prove who someone is: at sign-in, before a change or a deletion. */
export const typedPasswordSchema = (missing = 'Password is required') => z.string().min(1, missing).max(200, 'Password is too long');

export const registerRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .max(40, 'Username is too long')
    .regex(/^[\p{L}\p{N}._-]*$/u, 'Use letters, digits, dots, dashes and underscores')
    .optional()
    .default(''),
  email: emailSchema,
  password: newPasswordSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
  /** The interface language, for the mail a sign-up may send (a confirmation link). */
  language: z.string().max(10).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: typedPasswordSchema(),
  /** The interface language, for the mail a sign-in may send (the admin role's confirmation link). */
  language: z.string().max(10).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What the browser may know about the signed-in user: never a password hash or a payment id. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tier: tierSchema,
  isAdmin: z.boolean(),
  /** True while this account gets the guest allowance until its owner confirms the e-mail address (REQUIRE_EMAIL_CONFIRMATION). */
  confirmEmail: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
