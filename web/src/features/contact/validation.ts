import { CONTACT_MESSAGE_MIN_LENGTH, contactFields, contactMessageSchema, contactProblemOf, fieldProblems, type ContactField, type ContactMessage } from '@lightpix/shared';
import type { TFunction } from 'i18next';

export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const emptyContactValues: ContactValues = { name: '', email: '', subject: '', message: '' };

/** A schema or server problem in the visitor's language; a text we do not know is shown as it came. */
export function problemText(message: string, t: TFunction): string {
  const key = contactProblemOf(message);
  return key ? t(`contact.problem.${key}`, { min: CONTACT_MESSAGE_MIN_LENGTH }) : message;
}

/**
 * The shared schema decides; each field keeps its first problem as the schema's English text, which
 * the form translates when it shows it (so a language switch also switches the messages).
 */
export function validateContact(values: ContactValues): { message: ContactMessage } | { errors: ContactErrors } {
  const result = contactMessageSchema.safeParse(values);
  if (result.success) return { message: result.data };
  return { errors: fieldProblems(result.error.issues) as ContactErrors };
}

/** The contact fields among a 400 answer's per-field messages. */
export function serverFieldErrors(fields: Readonly<Record<string, string>>): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of contactFields) {
    if (fields[field]) errors[field] = fields[field];
  }
  return errors;
}
