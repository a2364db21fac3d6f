import { isErrorBody, type ErrorCode } from '@lightpix/shared';
import type { z } from 'zod';

/** Codes the client adds to the server's: no answer at all, or an answer we cannot read. */
export type ClientErrorCode = ErrorCode | 'network_error' | 'unknown';

/** Every failed API call ends as one of these (SPEC §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;

  constructor(status: number, code: ClientErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/**
 * Builds the error for a non-2xx answer: the server's JSON `{ error: { code, message } }` when
 * present, else `${status}: ${body or status text}` as SPEC §8 says.
 */
export function errorFromResponse(status: number, statusText: string, bodyText: string): ApiError {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (isErrorBody(body)) return new ApiError(status, body.error.code, body.error.message);
  } catch {
    // Not JSON: fall through to the plain-text form.
  }
  return new ApiError(status, 'unknown', `${status}: ${bodyText || statusText}`);
}

export function networkError(): ApiError {
  return new ApiError(0, 'network_error', 'Network error');
}

/** GET a JSON resource with the session cookie and check its shape against the shared schema. */
export async function apiGet<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, text);
  return schema.parse(JSON.parse(text));
}
