import { PASSWORD_MIN_LENGTH } from '@lightpix/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '#lib/api';
import { errorMessage } from '#lib/errorMessage';

type PasswordFieldName = 'currentPassword' | 'newPassword' | 'password';

/**
 * The account forms' refusals in the page's language: the server names the field (a wrong password,
 * a new one too short); anything else is the general message for its code.
 */
export function accountFieldErrors(error: unknown, t: TFunction): Partial<Record<PasswordFieldName, string>> {
  if (!(error instanceof ApiError) || error.code !== 'invalid_input') return {};
  const out: Partial<Record<PasswordFieldName, string>> = {};
  if (error.fields.currentPassword) out.currentPassword = t('billing.account.wrongPassword');
  if (error.fields.password) out.password = t('billing.account.wrongPassword');
  if (error.fields.newPassword) out.newPassword = t('billing.account.password.tooShort', { count: PASSWORD_MIN_LENGTH });
  return out;
}

export function accountErrorText(error: unknown, t: TFunction, exists: (key: string) => boolean): string {
  const fields = Object.values(accountFieldErrors(error, t));
  return fields.length > 0 ? fields.join(' ') : errorMessage(error, t, exists);
}
