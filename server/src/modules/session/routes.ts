import type { FastifyInstance } from 'fastify';
import { apiPaths, type SessionResponse } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import type { PlanTable } from '../plans/index.js';
import { currentVisitor, describeSession } from './visitor.js';

export async function sessionRoutes(app: FastifyInstance, deps: { db: Database; plans: PlanTable; now: () => Date }) {
  app.get(apiPaths.session, async (request, reply): Promise<SessionResponse> => {
    reply.header('Cache-Control', 'no-store');
    return describeSession(deps.db, deps.plans, await currentVisitor(request, deps.db), deps.now());
  });
}
