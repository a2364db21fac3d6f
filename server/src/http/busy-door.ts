import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Throws 503 when the job queue is full; run before anything else touches the request (docs/decisions/0153). */
    refuseWhenBusy?: () => Promise<void>;
  }
}

/** How long a request that finds the queue full waits at the door for a place before its 503. */
export const DOOR_WAIT_MS = 2_000;
/** How often a waiting request looks for a place. */
const DOOR_CHECK_MS = 100;
/** Requests held at the door at once; past it a 503 is answered at once. */
const DOOR_PLACES = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown) => (error as { code?: string } | null)?.code === 'server_busy';

/**
 * The first onRequest hook of the app, added before helmet, cookies and the session: a route that
 * names `refuseWhenBusy` in its config is checked before any of them runs and before its body is read.
 * A request that finds the queue full waits at the door (up to `waitMs`, its body unread) and goes on
 * as soon as a place frees; only then is it answered 503. A client that resends a 503 at once can so
 * send at most one request per `waitMs`, instead of hundreds a second that starve the jobs
 * (docs/decisions/0153-retry-storms-cost-nothing.md).
 */
export function registerBusyDoor(app: FastifyInstance, waitMs = DOOR_WAIT_MS): void {
  let held = 0;
  app.addHook('onRequest', async (request) => {
    const check = request.routeOptions.config.refuseWhenBusy;
    if (!check) return;
    try {
      return await check();
    } catch (error) {
      if (!isBusy(error) || held >= DOOR_PLACES || waitMs <= 0) throw error;
    }
    held++;
    try {
      const deadline = Date.now() + waitMs;
      for (;;) {
        await sleep(Math.min(DOOR_CHECK_MS, Math.max(0, deadline - Date.now())));
        try {
          return await check();
        } catch (error) {
          if (!isBusy(error) || Date.now() >= deadline || request.raw.destroyed) throw error;
        }
      }
    } finally {
      held--;
    }
  });
}
