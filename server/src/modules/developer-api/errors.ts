import type { FastifyError } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '@lightpix/shared';
import { AppError, fromFastifyError } from '../../errors.js';

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

  get body(): ApiErrorBody {
    return { error: this.kind, message: this.message };
  }
}

export const unauthorized = (message = 'Credentials are invalid.') => new TinifyError(401, 'Unauthorized', message);

/** Our error codes under Tinify's names where Tinify has one; the status stays ours where it has none. */
const tinifyNames: Partial<Record<ErrorCode, [number, string]>> = {
  invalid_input: [400, 'BadRequest'],
  not_signed_in: [401, 'Unauthorized'],
  forbidden: [403, 'Forbidden'],
  not_found: [404, 'NotFound'],
  conflict: [409, 'Conflict'],
  result_expired: [410, 'Gone'],
  file_too_large: [413, 'PayloadTooLarge'],
  too_many_pixels: [413, 'PayloadTooLarge'],
  unsupported_file_type: [415, 'UnsupportedMediaType'],
  undecodable_image: [422, 'DecodeError'],
  image_too_complex: [422, 'Unprocessable'],
  target_unreachable: [422, 'Unprocessable'],
  quota_exceeded: [429, 'TooManyRequests'],
  rate_limited: [429, 'TooManyRequests'],
  server_busy: [503, 'ServiceUnavailable'],
  storage_unavailable: [503, 'ServiceUnavailable'],
  internal: [500, 'InternalServerError'],
};

/** Any thrown error in Tinify's shape; null when it is ours to hide (a 500). */
export function toTinifyError(error: unknown): TinifyError | null {
  if (error instanceof TinifyError) return error;
  const appError = error instanceof AppError ? error : fromFastifyError(error as FastifyError);
  if (!appError) return null;
  // A code added later keeps its status under its own name in Tinify's style (payments_unavailable → PaymentsUnavailable).
  const [status, name] = tinifyNames[appError.code] ?? [appError.status, pascalCase(appError.code)];
  const message = appError.code === 'quota_exceeded' ? 'Your monthly limit has been exceeded. ' + appError.message : appError.message;
  return new TinifyError(status, name, message, appError.headers);
}

function pascalCase(code: string): string {
  return code.replace(/(^|_)([a-z])/g, (_match, _separator, letter: string) => letter.toUpperCase());
}
