import type { TFunction } from 'i18next';
import { ApiError } from './api';

/** A translated message for an API error, by code; the server's own message when we have none. */
export function errorMessage(error: unknown, t: TFunction, exists: (key: string) => boolean): string {
  if (error instanceof ApiError) {
    if (error.code === 'network_error') return t('errors.network_error');
    const key = `errors.${error.code}`;
    if (error.code !== 'unknown' && exists(key)) return t(key);
    return error.message || t('errors.unknown');
  }
  return t('errors.unknown');
}
