import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import {
  errorStatus,
  fieldProblemCodesOf,
  fieldProblems,
  type ErrorBody,
  type ErrorCode,
  type ErrorParams,
  type FieldProblem,
} from '@lightpix/shared';

/** The one error type the API throws; its code decides the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** The figures and the reason the browser writes its own message from (docs/decisions/0142). */
  params?: ErrorParams;

  /** Each field's problem as a code beside its English in `fields`, for the browser to translate (docs/decisions/0144). */
  fieldCodes?: Record<string, FieldProblem>;

  get status(): number {
    return errorStatus[this.code];
  }

  withParams(params: ErrorParams): this {
    this.params = params;
    return this;
  }

  withFieldCodes(fieldCodes: Record<string, FieldProblem>): this {
    this.fieldCodes = fieldCodes;
    return this;
  }
}

/** A refusal about one field: its English under `fields`, its code under `fieldCodes` (docs/decisions/0144). */
export function fieldRefusal(code: ErrorCode, message: string, field: string, problem: FieldProblem, fieldText = message): AppError {
  return new AppError(code, message, { [field]: fieldText }).withFieldCodes({ [field]: problem });
}

/** A failed schema: each field's first problem, in English and as a code. */
export function invalidFields(message: string, issues: Parameters<typeof fieldProblemCodesOf>[0]): AppError {
  return new AppError('invalid_input', message, fieldProblems(issues)).withFieldCodes(fieldProblemCodesOf(issues));
}

/** Validates a JSON body, answering 400 with a message per field. */
export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw invalidFields('Some fields are not valid.', result.error.issues);
}

export const notFound = (message = 'Not found.') => new AppError('not_found', message);

/** Fastify's own errors (body parsing, multipart limits, rate limits) mapped to our codes. */
export function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('file_too_large', 'The upload is larger than allowed.');
    case 'FST_FILES_LIMIT':
      return new AppError('invalid_input', 'Send one image per request.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('invalid_input', 'The form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('invalid_input', 'The request must be multipart/form-data.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      // Only uploads take multipart, and they say so themselves; every other body is JSON.
      return new AppError('invalid_input', 'Send the request body as JSON (Content-Type: application/json).');
    case 'FST_ERR_BAD_URL':
      return new AppError('invalid_input', 'The address is not valid.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_input', 'The request body is not valid.');
  }
  if (error.statusCode === 429) return new AppError('rate_limited', 'Too many requests. Please slow down.');
  if (error.validation) return new AppError('invalid_input', error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('invalid_input', 'The request is not valid.');
  }
  return null;
}

export function toErrorBody(error: AppError): ErrorBody {
  const { code, message, fields, fieldCodes, params } = error;
  return { error: { code, message, ...(fields ? { fields } : {}), ...(fieldCodes ? { fieldCodes } : {}), ...(params ? { params } : {}) } };
}

/** How often busy refusals are counted into one log line, instead of one line each. */
export const BUSY_LOG_EVERY_MS = 10_000;

/**
 * The first busy refusal of a period is logged as it is, the rest counted into one line at its end:
 * under a retry storm a line per 503 cost more than the 503 itself (docs/decisions/0153).
 */
export function busyRefusalCounter(log: FastifyBaseLogger, everyMs = BUSY_LOG_EVERY_MS) {
  let more = 0;
  let timer: NodeJS.Timeout | undefined;
  return (message: string) => {
    if (timer) {
      more++;
      return;
    }
    log.warn({ code: 'server_busy' }, message);
    timer = setTimeout(() => {
      if (more > 0)
        log.warn({ code: 'server_busy', refused: more }, `${more} more requests refused as busy in the last ${everyMs / 1000} s`);
      more = 0;
      timer = undefined;
    }, everyMs);
    timer.unref();
  };
}

/** Maps every thrown error to JSON in one place; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  const countBusy = busyRefusalCounter(app.log);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? error : fromFastifyError(error);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(toErrorBody(new AppError('internal', 'Something went wrong on our side. Please try again.')));
    }
    // Busy is a state we answer on purpose, not a fault: a warning without a stack, the rest of a storm counted (0153).
    if (appError.code === 'server_busy') countBusy(appError.message);
    // An installation without payment keys answers so on purpose (docs/decisions/0121): information, not a fault.
    else if (appError.code === 'payments_unavailable') request.log.info({ code: appError.code }, appError.message);
    else if (appError.status >= 500) request.log.error({ err: error }, appError.code);
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.status).send(toErrorBody(appError));
  });
}
