import type { FieldProblem } from './field-problems.js';

/** Every error the API can answer with; the HTTP status is derived from the code in one place. */
export const errorStatus = {
  invalid_input: 400,
  not_signed_in: 401,
  forbidden: 403,
  /** A premium-only tool (PowerPoint) asked for by another plan. */
  premium_required: 403,
  not_found: 404,
  conflict: 409,
  result_expired: 410,
  file_too_large: 413,
  too_many_pixels: 413,
  unsupported_file_type: 415,
  undecodable_image: 422,
  image_too_complex: 422,
  /** Not a deck, damaged, or unsafe to open (zip bomb, path tricks, XML entities). */
  invalid_presentation: 422,
  /** A deck that took longer than the time limit. */
  presentation_timeout: 422,
  /** A .ppt on a server without LibreOffice to convert it. */
  ppt_converter_missing: 415,
  target_unreachable: 422,
  quota_exceeded: 429,
  /** The owner's jobs hit their time or memory limits too often this hour: heavy work waits (docs/decisions/0147). */
  heavy_work_spent: 429,
  rate_limited: 429,
  server_busy: 503,
  storage_unavailable: 503,
  internal: 500,
  payments_unavailable: 503,
  email_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * What a refusal's message needs, so the browser can write it in the visitor's language: figures and
 * lists (limits, formats) and, for a code with more than one message, which one (`reason`).
 */
export type ErrorParams = { reason?: string } & Record<string, string | number | readonly string[] | undefined>;

/**
 * The body of every non-2xx JSON answer; `message` and `fields` are English, for clients that show
 * text as it comes; `fieldCodes` says the same per field as codes (docs/decisions/0144).
 */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    fieldCodes?: Record<string, FieldProblem>;
    params?: ErrorParams;
  };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}
