import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionResponse, Tier } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import type { PlanTable } from '../plans/service.js';
import { quotaUsage, type QuotaOwner } from './quota.js';

declare module 'fastify' {
  interface Session {
    /** A public, stable id for the anonymous visitor; unlike the cookie's session id it survives rotation. */
    guestSessionId?: string;
    userId?: string;
  }
}

export interface Visitor extends QuotaOwner {
  tier: Tier;
}

/** Starts the anonymous session on first use, so every request that needs an owner has one. */
export function currentVisitor(request: FastifyRequest): Visitor {
  let guestSessionId = request.session.get('guestSessionId');
  if (!guestSessionId) {
    guestSessionId = randomUUID();
    request.session.set('guestSessionId', guestSessionId);
  }
  return { guestSessionId, userId: null, clientIp: request.ip, tier: 'guest' };
}

export async function describeSession(
  db: Database,
  plans: PlanTable,
  visitor: Visitor,
  now: Date,
): Promise<SessionResponse> {
  const plan = plans[visitor.tier];
  const usage = await quotaUsage(db, plan, visitor, now);
  return {
    id: visitor.guestSessionId,
    guestSessionId: visitor.guestSessionId,
    tier: visitor.tier,
    imagesProcessed: usage.used,
    maxImages: plan.maxImages,
    nextImageAt: usage.nextImageAt?.toISOString() ?? null,
  };
}
