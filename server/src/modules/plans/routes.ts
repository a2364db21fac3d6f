import type { FastifyInstance } from 'fastify';
import { apiPaths, tiers, type PlansResponse } from '@lightpix/shared';
import type { PlanTable } from './service.js';

export async function plansRoutes(
  app: FastifyInstance,
  { plans, retentionHours, paymentsAvailable }: { plans: PlanTable; retentionHours: number; paymentsAvailable: boolean },
) {
  app.get(apiPaths.plans, async (): Promise<PlansResponse> => ({
    plans: tiers.map((tier) => plans[tier]),
    retentionHours,
    paymentsAvailable,
  }));
}
