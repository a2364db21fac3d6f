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

/** Refusals of the file itself: sending the same bytes again would fail the same way. */
const fileRefusals: readonly string[] = ['unsupported_file_type', 'undecodable_image', 'file_too_large', 'too_many_pixels', 'image_too_complex'];

export function isFileRefusal(error: unknown): boolean {
  return error instanceof ApiError && fileRefusals.includes(error.code);
}
