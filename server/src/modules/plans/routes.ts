import type { FastifyInstance } from 'fastify';
import type { PlansResponse } from '@lightpix/shared';
import type { PlanTable } from './service.js';

export async function plansRoutes(app: FastifyInstance, { plans, retentionHours, paymentsAvailable }: { plans: PlanTable; retentionHours: number; paymentsAvailable: boolean }) {
  app.get('/api/plans', async (): Promise<PlansResponse> => ({ plans: Object.values(plans), retentionHours, paymentsAvailable }));
}
