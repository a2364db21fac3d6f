import {
  CONTACT_MESSAGE_MIN_LENGTH,
  contactFields,
  fieldProblemCodesOf,
  type ContactField,
  type ContactMessage,
  type ContactProblem,
  type FieldProblemCode,
} from '@lightpix/shared';
import type { TFunction } from 'i18next';
import { fieldNotes, fieldText, type FieldNote } from '#lib/fieldErrors';
import { loadFormSchemas } from '#lib/laterChecks';

export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, FieldNote>>;

export const emptyContactValues: ContactValues = { name: '', email: '', subject: '', message: '' };

/** The contact form's own words for a field's problem code (its specified texts); other codes get the general ones. */
const contactWords: Partial<Record<`${ContactField}.${FieldProblemCode}`, ContactProblem>> = {
  'name.required': 'nameRequired',
  'name.too_long': 'nameTooLong',
  'email.required': 'emailInvalid',
  'email.invalid_email': 'emailInvalid',
  'email.too_long': 'emailInvalid',
  'subject.required': 'subjectRequired',
  'subject.too_long': 'subjectTooLong',
  'message.required': 'messageTooShort',
  'message.too_short': 'messageTooShort',
  'message.too_long': 'messageTooLong',
};

/** A field's problem in the visitor's language, from its code (docs/decisions/0144); English the browser cannot place is shown as it came. */
export function problemText(field: ContactField, note: FieldNote, t: TFunction): string {
  if (typeof note === 'string') return note;
  const own = contactWords[`${field}.${note.code}`];
  return own ? t(`contact.problem.${own}`, { min: CONTACT_MESSAGE_MIN_LENGTH }) : fieldText(note, t);
}

/**
 * The shared schema decides; each field keeps its first problem as a code, which the form writes
 * out when it shows it (so a language switch also switches the messages). The schema loads with the
 * form's first use, not with the page (docs/decisions/0283).
 */
export async function validateContact(values: ContactValues): Promise<{ message: ContactMessage } | { errors: ContactErrors }> {
  const { contactMessageSchema } = await loadFormSchemas();
  const result = contactMessageSchema.safeParse(values);
  if (result.success) return { message: result.data };
  return { errors: fieldProblemCodesOf(result.error.issues) as ContactErrors };
}

/** The contact fields among a 400 answer's per-field problems. */
export function serverFieldErrors(error: unknown): ContactErrors {
  const notes = fieldNotes(error);
  const errors: ContactErrors = {};
  for (const field of contactFields) {
    if (notes[field]) errors[field] = notes[field];
  }
  return errors;
}
