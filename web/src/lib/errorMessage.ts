import type { TFunction } from 'i18next';
import { ApiError } from './api';

/**
 * The message for an API error in the visitor's language: the text for its code (and its reason, an
 * i18next context such as `errors.unsupported_file_type_image`), filled with the figures the server
 * sent. The server's English only for a code this browser does not know (docs/decisions/0142).
 */
export function errorMessage(error: unknown, t: TFunction, exists: (key: string) => boolean): string {
  if (error instanceof ApiError) {
    if (error.code === 'network_error') return t('errors.network_error');
    const key = `errors.${error.code}`;
    if (error.code !== 'unknown' && exists(key)) {
      const { reason, ...values } = error.params;
      return t(key, { ...values, context: reason });
    }
    return error.message || t('errors.unknown');
  }
  return t('errors.unknown');
}

/** Refusals of the file itself: sending the same bytes again would fail the same way. */
const fileRefusals: readonly string[] = [
  'unsupported_file_type',
  'undecodable_image',
  'file_too_large',
  'too_many_pixels',
  'image_too_complex',
];

export function isFileRefusal(error: unknown): boolean {
  return error instanceof ApiError && fileRefusals.includes(error.code);
}
