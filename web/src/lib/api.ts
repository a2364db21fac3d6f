import { isErrorBody, type ErrorCode, type ErrorParams, type FieldProblem } from '@lightpix/shared';

/** Codes the client adds to the server's: no answer at all, or an answer we cannot read. */
export type ClientErrorCode = ErrorCode | 'network_error' | 'unknown';

/** Every failed API call ends as one of these. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  /** Per-field messages of an `invalid_input` or `conflict` answer, keyed by field name. */
  readonly fields: Readonly<Record<string, string>>;
  /** The same fields' problems as codes, written in the visitor's language by lib/fieldErrors.ts (docs/decisions/0144). */
  readonly fieldCodes: Readonly<Record<string, FieldProblem>>;
  /** The figures and reason the message is written from in the visitor's language (lib/errorMessage.ts). */
  readonly params: Readonly<ErrorParams>;
  /** A 503's Retry-After in whole seconds, when the answer carried one (lib/busyRetry.ts). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: ClientErrorCode,
    message: string,
    fields: Record<string, string> = {},
    params: ErrorParams = {},
    fieldCodes: Record<string, FieldProblem> = {},
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.params = params;
    this.fieldCodes = fieldCodes;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After as whole seconds (delta-seconds or an HTTP date), at least 1; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.max(1, Number(text));
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * Builds the error for a non-2xx answer: the server's JSON `{ error: { code, message } }` when
 * present, else `${status}: ${body or status text}`.
 */
export function errorFromResponse(status: number, statusText: string, bodyText: string, retryAfter?: string | null): ApiError {
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  try {
    const body: unknown = JSON.parse(bodyText);
    if (isErrorBody(body)) {
      const { code, message, fields, params, fieldCodes } = body.error;
      return new ApiError(status, code, message, fields ?? {}, params ?? {}, fieldCodes ?? {}, retryAfterSeconds);
    }
  } catch {
    // Not JSON: fall through to the plain-text form.
  }
  return new ApiError(status, 'unknown', `${status}: ${bodyText || statusText}`, {}, {}, {}, retryAfterSeconds);
}

export function networkError(): ApiError {
  return new ApiError(0, 'network_error', 'Network error');
}

/**
 * Reads an answer into its type or throws: a shared zod schema, or a shape (lib/answerShapes.ts) for
 * the answers the first screen reads, which then need no zod (docs/decisions/0283).
 */
export interface AnswerCheck<T> {
  parse(value: unknown): T;
}

/** A check whose code loads with the call that needs it (lib/laterChecks.ts), so zod stays off a page's first load. */
export type LaterCheck<T> = () => Promise<AnswerCheck<T>>;

/** One call with the session cookie: a failed network or a non-2xx answer becomes an ApiError; the body is checked against the schema. */
async function request<T>(path: string, init: RequestInit, check: AnswerCheck<T> | LaterCheck<T>): Promise<T> {
  // A check loaded on demand comes while the answer is on its way; not loading it is a network failure too.
  const checker = typeof check === 'function' ? check().catch(() => Promise.reject(networkError())) : check;
  if (checker instanceof Promise) checker.catch(() => {}); // awaited below, after the answer
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'include' });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, text, response.headers.get('Retry-After'));
  // 204 No Content carries no body: the schema sees undefined.
  return (await checker).parse(text ? JSON.parse(text) : undefined);
}

/** GET a JSON resource with the session cookie and check its shape against the shared schema. */
export function apiGet<T>(path: string, check: AnswerCheck<T> | LaterCheck<T>): Promise<T> {
  return request(path, { headers: { Accept: 'application/json' } }, check);
}

/** A JSON write: same-origin, with credentials, the answer checked against the schema. */
export function apiSend<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  check: AnswerCheck<T> | LaterCheck<T>,
): Promise<T> {
  return request(
    path,
    { method, headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    check,
  );
}
