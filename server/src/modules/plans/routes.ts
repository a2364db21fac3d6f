import type { FastifyInstance } from 'fastify';
import { apiPaths, tiers, type Operator, type PlansResponse, type Retention } from '@lightpix/shared';
import type { PlanTable } from './plan-table.js';

export async function plansRoutes(
  app: FastifyInstance,
  {
    plans,
    retentionHours,
    retention,
    paymentsAvailable,
    operator,
  }: { plans: PlanTable; retentionHours: number; retention: Retention; paymentsAvailable: boolean; operator: Operator },
) {
  app.get(apiPaths.plans, async (): Promise<PlansResponse> => ({
    plans: tiers.map((tier) => plans[tier]),
    retentionHours,
    retention,
    paymentsAvailable,
    operator,
  }));
}
