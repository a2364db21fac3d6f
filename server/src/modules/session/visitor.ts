import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionResponse, Tier } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema/index.js';
import type { PlanTable } from '../plans/index.js';
import { AppError } from '../../core/errors.js';
import { allowedPlan, quotaUsage, type QuotaOwner } from '../quota/index.js';

declare module 'fastify' {
  interface Session {
    /** A public, stable id for the anonymous visitor; unlike the cookie's session id it survives rotation. */
    guestSessionId?: string;
    userId?: string;
  }
}

/** The answer to a deactivated account, whether it signs in, is signed in or asks for a reset link. */
export function deactivated(): AppError {
  return new AppError('forbidden', 'This account has been deactivated. Please contact support.').withParams({ reason: 'deactivated' });
}

export async function findUser(db: Database, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export interface Visitor extends QuotaOwner {
  tier: Tier;
  /** The signed-in, active user's row, already read; null for a guest. */
  user: UserRow | null;
}

/**
 * Who is asking: the signed-in user with their tier, else the anonymous guest. A guest's session (a
 * row and a 30-day cookie) starts only with `startGuest`, when the visitor spends something: reading
 * pages, plans or the quota does not write a row per cookie-less request (docs/decisions/0039).
 * A user deactivated since signing in is refused, and their session ended.
 */
export async function currentVisitor(request: FastifyRequest, db: Database, options: { startGuest?: boolean } = {}): Promise<Visitor> {
  let guestSessionId = request.session.get('guestSessionId');
  if (!guestSessionId) {
    // Not kept unless started: a fresh identity owns nothing, so reads answer as for a new guest.
    guestSessionId = randomUUID();
    if (options.startGuest) request.session.set('guestSessionId', guestSessionId);
  }
  const userId = request.session.get('userId');
  if (userId) {
    const user = await findUser(db, userId);
    if (user?.isActive) return { guestSessionId, userId: user.id, clientIp: request.ip, tier: user.tier, user };
    await request.session.destroy();
    if (user) throw deactivated();
    throw new AppError('not_signed_in', 'Your session has ended. Please sign in again.');
  }
  return { guestSessionId, userId: null, clientIp: request.ip, tier: 'guest', user: null };
}

export async function describeSession(db: Database, plans: PlanTable, visitor: Visitor, now: Date): Promise<SessionResponse> {
  const plan = allowedPlan(plans, visitor);
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
