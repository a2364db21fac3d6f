import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, toErrorBody } from '../core/errors.js';

/**
 * A stop (SIGTERM, SIGINT) ends the process within this long, whatever it waits for: a supervisor's
 * usual grace is 10 s before its SIGKILL (docs/decisions/0205-a-stop-within-ten-seconds.md).
 */
export const STOP_WITHIN_MS = 8_500;
/** Requests still open this long after the stop began are answered, so none is cut without a word. */
export const ANSWER_OPEN_AFTER_MS = 6_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers every request still waiting with `error` (a stop past its grace); how many were answered. */
    answerOpenRequests(error: AppError): number;
  }
}

/** The first hook of the app: knows the requests in flight, so a stop past its grace answers each of them. */
export function registerOpenRequests(app: FastifyInstance): void {
  const open = new Set<FastifyReply>();
  app.addHook('onRequest', async (_request, reply) => {
    open.add(reply);
  });
  const forget = async (_request: unknown, reply: FastifyReply) => {
    open.delete(reply);
  };
  app.addHook('onResponse', forget);
  app.addHook('onRequestAbort', async (request) => {
    for (const reply of open) if (reply.request === request) open.delete(reply);
  });
  app.decorate('answerOpenRequests', (error: AppError) => {
    let answered = 0;
    for (const reply of open) {
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) continue;
      // The handler still runs and finds its reply sent; Connection: close lets the server end.
      void reply
        .status(error.status)
        .headers({ ...error.headers, connection: 'close' })
        .send(toErrorBody(error));
      answered++;
    }
    open.clear();
    return answered;
  });
}

/** Said to an upload still waiting for its job when a lone instance stops: its unit is given back at the next start. */
export const stoppedBeforeDone = () =>
  new AppError('server_busy', 'The server is restarting. Please send your file again in a few seconds.', undefined, {
    'Retry-After': '5',
  });

/**
 * The stop: `drain` (the app closes after its requests, then the jobs they started) and `release` (timers,
 * connections, the database), then exit 0. When draining outlasts ANSWER_OPEN_AFTER_MS, the requests
 * still open are answered with `answer()` and the jobs are not waited for; past STOP_WITHIN_MS the
 * process exits 1 whatever is left.
 */
export function stopWithin(
  app: FastifyInstance,
  steps: { drain: () => Promise<void>; release: () => Promise<void> },
  answer: () => AppError,
  timing = { answerAfterMs: ANSWER_OPEN_AFTER_MS, exitAfterMs: STOP_WITHIN_MS },
): Promise<never> {
  setTimeout(() => {
    app.log.error({ afterMs: timing.exitAfterMs }, 'stopping took too long: exiting with work unfinished');
    process.exit(1);
  }, timing.exitAfterMs).unref();
  let graceTimer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => {
    graceTimer = setTimeout(() => {
      const answered = app.answerOpenRequests(answer());
      app.log.warn({ answered }, 'stopping: the grace is over; requests still waiting answered, their jobs not waited for');
      // The answers leave, then every connection still open goes.
      setTimeout(() => {
        app.server.closeAllConnections();
        resolve();
      }, 200);
    }, timing.answerAfterMs);
  });
  const drained = steps.drain().finally(() => clearTimeout(graceTimer));
  return Promise.race([drained, graceOver])
    .then(() => steps.release())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
}
