import { ApiError } from './api';

/** The wait when a busy answer carries no usable Retry-After: the server's shortest (docs/decisions/0158, 0162). */
export const BUSY_FALLBACK_SECONDS = 5;
/** How long, in all, one file waits for a busy server before it fails: twelve 5 s answers or five 60 s ones (docs/decisions/0162). */
export const BUSY_WAIT_LIMIT_SECONDS = 300;
/** The `reason` of the error a file ends with once the wait limit is spent: "The server stayed busy" (errors.server_busy_stayed). */
export const STAYED_BUSY = 'stayed';

/**
 * A full queue's refusal, worth sending again after its Retry-After. Not a job that is still running
 * (reason `still_running`): sending it again would process the same file twice.
 */
export function isServerBusy(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'server_busy' && error.params.reason === undefined;
}

export interface BusyRetryOptions {
  /** The server was busy: the file is sent again in `seconds`. */
  onWait: (seconds: number) => void;
  /** Aborting it ends a wait at once with an AbortError (Cancel). */
  signal?: AbortSignal;
  limitSeconds?: number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    function stop() {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Sends, and on 503 `server_busy` waits the server's Retry-After and sends again, until the waits would
 * pass `limitSeconds` in all; then fails with `server_busy` reason `stayed` (docs/decisions/0162).
 * Any other error is thrown as it comes.
 */
export async function sendWhileBusy<T>(
  send: () => Promise<T>,
  { onWait, signal, limitSeconds = BUSY_WAIT_LIMIT_SECONDS }: BusyRetryOptions,
): Promise<T> {
  let waited = 0;
  for (;;) {
    try {
      return await send();
    } catch (error) {
      if (!isServerBusy(error)) throw error;
      const seconds = error.retryAfterSeconds ?? BUSY_FALLBACK_SECONDS;
      if (waited + seconds > limitSeconds) {
        throw new ApiError(503, 'server_busy', 'The server stayed busy. Please try again later.', {}, { reason: STAYED_BUSY });
      }
      waited += seconds;
      onWait(seconds);
      await sleep(seconds * 1000, signal);
    }
  }
}
