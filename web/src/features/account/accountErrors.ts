import type { TFunction } from 'i18next';
import { ApiError } from '#lib/api';
import { errorMessage } from '#lib/errorMessage';
import { fieldMessages } from '#lib/fieldErrors';

type PasswordFieldName = 'currentPassword' | 'newPassword' | 'password';

const passwordFields: readonly PasswordFieldName[] = ['currentPassword', 'newPassword', 'password'];

/**
 * The account forms' refusals in the page's language: the server names the field and its problem (a
 * wrong password, a new one too short, docs/decisions/0144); anything else is the general message for its code.
 */
export function accountFieldErrors(error: unknown, t: TFunction): Partial<Record<PasswordFieldName, string>> {
  if (!(error instanceof ApiError) || error.code !== 'invalid_input') return {};
  const messages = fieldMessages(error, t);
  return Object.fromEntries(passwordFields.filter((field) => messages[field]).map((field) => [field, messages[field]]));
}

export function accountErrorText(error: unknown, t: TFunction, exists: (key: string) => boolean): string {
  const fields = Object.values(accountFieldErrors(error, t));
  return fields.length > 0 ? fields.join(' ') : errorMessage(error, t, exists);
}
