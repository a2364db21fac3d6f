/**
 * The contact form's fields and limits, without zod: the form shows them on every landing page, which
 * loads no schema library (docs/decisions/0283). The rules themselves are contactMessageSchema's (contact.ts).
 */

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const contactLimits = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/**
 * The English text of every problem a contact field can have, as the server answers in `fields`;
 * the browser writes them from the field's problem code (web/src/features/contact/validation.ts).
 */
export const contactProblems = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
  emailInvalid: 'Valid email is required',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject is too long',
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN_LENGTH} characters`,
  messageTooLong: 'Message is too long',
} as const;
export type ContactProblem = keyof typeof contactProblems;

/** The fields of a contact message, in the form's order. */
export const contactFields = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
