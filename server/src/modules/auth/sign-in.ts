import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Starts a fresh session id for the signed-in user (session fixation). Only an anonymous guest
 * identity is carried over: one that a signed-in user worked under would open their results.
 */
export async function signIn(request: FastifyRequest, userId: string): Promise<void> {
  if (!request.session.get('guestSessionId') || request.session.get('userId')) request.session.set('guestSessionId', randomUUID());
  await request.session.regenerate(['guestSessionId']);
  request.session.set('userId', userId);
}
