import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import type { ResultStore } from '../../storage/result-store.js';
import { healthChecker } from './service.js';

/** 200 {"status":"ok"} when requests can be served and results stored; otherwise 503 naming the part that failed, never why. */
export async function healthRoutes(app: FastifyInstance, { db, store, now }: { db: Database; store: ResultStore; now: () => Date }) {
  const check = healthChecker(db, store, now);
  app.get(apiPaths.health, async (request, reply) => {
    const report = await check(request.log);
    if (report.healthy) return { status: 'ok' };
    return reply.status(503).send({ status: 'unavailable', checks: report.checks });
  });
}
