import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';

/**
 * The origin absolute links are written with (Stripe's return address, API output URLs, the sitemap):
 * PUBLIC_URL when set, else the request's own, refused (400) when its Host header is not a host name.
 */
export function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  // The Host header is the client's to write: only a well-formed host may end up in links.
  const origin = URL.parse(`${request.protocol}://${request.host}`)?.origin;
  if (!origin || origin === 'null') throw new AppError('invalid_input', 'The Host header is not a valid host name.');
  return origin;
}
