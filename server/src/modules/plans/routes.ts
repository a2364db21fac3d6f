import type { FastifyInstance } from 'fastify';
import type { PlansResponse } from '@lightpix/shared';
import type { PlanTable } from './service.js';

export async function plansRoutes(app: FastifyInstance, { plans }: { plans: PlanTable }) {
  app.get('/api/plans', async (): Promise<PlansResponse> => ({ plans: Object.values(plans) }));
}
