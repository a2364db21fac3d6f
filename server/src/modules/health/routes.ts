import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import type { ResultStore } from '../../storage/result-store.js';
import { healthChecker, readinessChecker, type ReadinessProbe } from './checks.js';

export interface HealthDeps {
  db: Database;
  store: ResultStore;
  now: () => Date;
  /** The installation's version (package.json), shown by /api/health/live. */
  version: string;
  role: string;
  /** Parts readiness asks beyond the database and the store: Redis, a worker seen (cluster/readiness.ts). */
  readiness?: Record<string, ReadinessProbe>;
}

/**
 * /api/health: 200 {"status":"ok"} when requests can be served and results stored; otherwise 503 naming the
 * part that failed, never why (kept as it was for existing checks). /api/health/live: the process answers.
 * /api/health/ready: every part it needs answers, else 503 naming each that does not (docs/decisions/0206).
 */
export async function healthRoutes(app: FastifyInstance, { db, store, now, version, role, readiness = {} }: HealthDeps) {
  const check = healthChecker(db, store, now);
  app.get(apiPaths.health, async (request, reply) => {
    const report = await check(request.log);
    if (report.healthy) return { status: 'ok' };
    return reply.status(503).send({ status: 'unavailable', checks: report.checks });
  });
  app.get(apiPaths.healthLive, async () => ({ status: 'ok', version, role }));
  const ready = readinessChecker(db, store, now, readiness);
  app.get(apiPaths.healthReady, async (request, reply) => {
    const report = await ready(request.log);
    if (report.healthy) return { status: 'ok', checks: report.checks };
    return reply.status(503).send({ status: 'unavailable', checks: report.checks });
  });
}
