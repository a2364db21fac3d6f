import { AppError } from '../core/errors.js';
import type { ErrorCode, ErrorParams, FieldProblem } from '@lightpix/shared';

/**
 * What the app and a job's child process say to each other over IPC (advanced serialization, so
 * Buffers travel as they are). docs/decisions/0037-resource-limits.md says why jobs run apart.
 */

/** The exit code of a child whose job grew it past its memory budget. */
export const OVER_MEMORY_EXIT = 75;

/** A job sent to a job process: its kind and input (jobs/handlers.ts's JobRequest), numbered for the answer. */
export type JobMessage<Request = unknown> = { id: number } & Request;

export interface SentError {
  code?: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  fieldCodes?: Record<string, FieldProblem>;
  headers?: Record<string, string>;
  /** The refusal's figures and reason (docs/decisions/0142): a memory limit's reason must reach the client and the heavy-work budget (0147). */
  params?: ErrorParams;
}

export type ChildMessage = { ready: true } | { id: number; value: unknown } | { id: number; error: SentError };

export function sendableError(error: unknown): SentError {
  if (error instanceof AppError) {
    return {
      code: error.code,
      message: error.message,
      fields: error.fields,
      fieldCodes: error.fieldCodes,
      headers: error.headers,
      params: error.params,
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** An AppError stays an AppError; anything else stays unexpected (a 500 that shows nothing of it). */
export function receivedError(sent: SentError): Error {
  if (!sent.code) return new Error(sent.message);
  const error = new AppError(sent.code, sent.message, sent.fields, sent.headers);
  if (sent.fieldCodes) error.withFieldCodes(sent.fieldCodes);
  return sent.params ? error.withParams(sent.params) : error;
}
