// The developer API's limits and error names, without zod: /developers shows them on its first load (docs/decisions/0283).

/** Live API keys one user may hold at once. */
export const MAX_API_KEYS = 5;
/** Requests per minute per key (or per address without one); a build pipeline sends one image at a time. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;

/**
 * The error names API clients branch on, with their HTTP status: the server raises them under these
 * statuses and /developers documents them from this one table.
 */
export const TINIFY_ERRORS = {
  InputMissing: 400,
  BadRequest: 400,
  SourceUrlRefused: 400,
  SourceUrlUnreachable: 400,
  StoreNotSupported: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Gone: 410,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  DecodeError: 422,
  Unprocessable: 422,
  TooManyRequests: 429,
  InternalServerError: 500,
  ServiceUnavailable: 503,
} as const;
export type TinifyErrorName = keyof typeof TINIFY_ERRORS;

/** The names /developers explains, in its table's order: the ones a working client meets. */
export const DOCUMENTED_API_ERRORS = [
  'InputMissing',
  'BadRequest',
  'Unauthorized',
  'NotFound',
  'Gone',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'DecodeError',
  'TooManyRequests',
  'ServiceUnavailable',
] as const satisfies readonly TinifyErrorName[];
