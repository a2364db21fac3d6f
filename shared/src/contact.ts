import { z } from 'zod';
import { CONTACT_MESSAGE_MIN_LENGTH, contactLimits, contactProblems, type ContactField } from './contact-fields.js';
import { landingLanguages } from './site.js';

/** A missing or non-text field gets the same message as an empty one. */
const required = (max: number, missing: string, tooLong: string) => z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/** Contact message and its rules, trimmed; the forms and the server validate with it alike. */
export const contactMessageSchema = z.object({
  name: required(contactLimits.name, contactProblems.nameRequired, contactProblems.nameTooLong),
  email: z
    .string({ error: contactProblems.emailInvalid })
    .trim()
    .pipe(z.email(contactProblems.emailInvalid).max(contactLimits.email, contactProblems.emailInvalid)),
  subject: required(contactLimits.subject, contactProblems.subjectRequired, contactProblems.subjectTooLong),
  message: z
    .string({ error: contactProblems.messageTooShort })
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, contactProblems.messageTooShort)
    .max(contactLimits.message, contactProblems.messageTooLong),
} satisfies Record<ContactField, z.ZodType>);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * POST /api/contact. `website` is the honeypot: people never see it, so anything in it means a bot.
 * An unknown language is not an error; the message is kept as English-interface mail.
 */
export const contactRequestSchema = contactMessageSchema.extend({
  website: z.string().max(500).optional(),
  // Languages a message can be written from: the interface's four and the Polish landing page.
  language: z.enum(landingLanguages).optional().catch(undefined),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/**
 * The same answer whether the message was kept or silently dropped as spam. `confirmation`: a
 * confirmation is on its way to the signed-in sender's account address (docs/decisions/0143).
 */
export const contactReceiptSchema = z.object({ status: z.literal('received'), confirmation: z.boolean() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/** A stored message as the admin panel lists it; the delivery error text stays on the server. */
export const adminContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
  signedIn: z.boolean(),
  createdAt: z.string(),
  emailedAt: z.string().nullable(),
  emailFailed: z.boolean(),
  /** When support marked it handled; null while open. */
  handledAt: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactMessagesResponseSchema = z.object({
  messages: z.array(adminContactMessageSchema),
  /** How many match the filter in all; the list holds one page, newest first. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Messages per page of the admin inbox. */
export const ADMIN_CONTACT_PAGE_SIZE = 20;

/** GET /api/admin/contact-messages?status=open|handled|all&page= */
export const adminContactQuerySchema = z.object({
  status: z.enum(['open', 'handled', 'all']).optional().default('open'),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Pages start at 1').max(100_000).optional().default(1),
});
export type AdminContactQuery = z.input<typeof adminContactQuerySchema>;
export type AdminContactMessagesResponse = z.infer<typeof adminContactMessagesResponseSchema>;

/** What the contact page may show besides the form: a public support address when the operator set one. */
export const contactInfoSchema = z.object({
  supportEmail: z.string().nullable(),
  /** Messages are e-mailed to the team (SMTP_URL and CONTACT_TO set): only then does the site promise a reply time. */
  emailConfigured: z.boolean(),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;
