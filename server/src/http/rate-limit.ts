import type { FastifyRequest } from 'fastify';

/**
 * Who a request counts against in the API's limit: the signed-in account, wherever its requests come
 * from, else the client address (docs/decisions/0047). Needs the session read first (hook 'preHandler').
 */
export function clientKey(request: FastifyRequest): string {
  const userId = request.session?.get('userId');
  return userId ? `user:${userId}` : byAddress(request);
}

/** For limits that must follow the address whoever is signed in: sign-up, sign-in, contact. */
export const byAddress = (request: FastifyRequest): string => `ip:${request.ip}`;
