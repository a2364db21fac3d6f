import type { FastifyError } from 'fastify';
import { TINIFY_ERRORS, type ApiErrorBody, type ErrorCode, type TinifyErrorName } from '@lightpix/shared';
import { AppError, fromFastifyError } from '../../core/errors.js';

/** An error as Tinify's clients read it: a status, a name to branch on and a message. Only this module uses it. */
export class TinifyError extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** One of the documented names, at the status the shared table gives it. */
  static named(name: TinifyErrorName, message: string, headers?: Record<string, string>): TinifyError {
    return new TinifyError(TINIFY_ERRORS[name], name, message, headers);
  }

  get body(): ApiErrorBody {
    return { error: this.kind, message: this.message };
  }
}

export const unauthorized = (message = 'Credentials are invalid.') => TinifyError.named('Unauthorized', message);

/** Our error codes under Tinify's names where Tinify has one; the status stays ours where it has none. */
const tinifyNames: Partial<Record<ErrorCode, TinifyErrorName>> = {
  invalid_input: 'BadRequest',
  not_signed_in: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'NotFound',
  conflict: 'Conflict',
  result_expired: 'Gone',
  file_too_large: 'PayloadTooLarge',
  too_many_pixels: 'PayloadTooLarge',
  unsupported_file_type: 'UnsupportedMediaType',
  undecodable_image: 'DecodeError',
  image_too_complex: 'Unprocessable',
  target_unreachable: 'Unprocessable',
  quota_exceeded: 'TooManyRequests',
  heavy_work_spent: 'TooManyRequests',
  rate_limited: 'TooManyRequests',
  server_busy: 'ServiceUnavailable',
  storage_unavailable: 'ServiceUnavailable',
  internal: 'InternalServerError',
};

/** Any thrown error in Tinify's shape; null when it is ours to hide (a 500). */
export function toTinifyError(error: unknown): TinifyError | null {
  if (error instanceof TinifyError) return error;
  const appError = error instanceof AppError ? error : fromFastifyError(error as FastifyError);
  if (!appError) return null;
  // A code added later keeps its status under its own name in Tinify's style (payments_unavailable → PaymentsUnavailable).
  const known = tinifyNames[appError.code];
  const [status, name] = known ? [TINIFY_ERRORS[known], known] : [appError.status, pascalCase(appError.code)];
  const message = appError.code === 'quota_exceeded' ? 'Your monthly limit has been exceeded. ' + appError.message : appError.message;
  return new TinifyError(status, name, message, appError.headers);
}

function pascalCase(code: string): string {
  return code.replace(/(^|_)([a-z])/g, (_match, _separator, letter: string) => letter.toUpperCase());
}
