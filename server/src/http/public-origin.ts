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

const LOOPBACK_HOSTS = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/i;

/**
 * What the start-up log warns about links and client addresses (docs/decisions/0259): production without
 * PUBLIC_URL, and a proxy trusted by hop count on a port that may be reachable without it, with the
 * setting that fixes each.
 */
export function originWarnings(settings: {
  nodeEnv: string;
  publicUrl: string | undefined;
  listenHost: string;
  port: number;
  trustProxy: false | number | string[];
  answeredHosts: string[];
}): string[] {
  const warnings: string[] = [];
  if (settings.nodeEnv === 'production' && !settings.publicUrl) {
    warnings.push(
      `PUBLIC_URL is not set: links in pages, the sitemap and the API's Location are written with the request's Host, answered only for ${settings.answeredHosts.join(', ')} (others get 400). Set PUBLIC_URL=https://your.domain, or list more names in ALLOWED_HOSTS.`,
    );
  }
  if (typeof settings.trustProxy === 'number' && settings.trustProxy > 0 && !LOOPBACK_HOSTS.test(settings.listenHost)) {
    warnings.push(
      `TRUST_PROXY=${settings.trustProxy} believes X-Forwarded-For from whoever connects: if port ${settings.port} can be reached without the proxy, a client writes its own address and escapes the per-address limits (guest quota, sign-up, sign-in). Name the proxy instead, TRUST_PROXY=<its addresses or CIDRs, comma-separated> (e.g. TRUST_PROXY=10.0.0.1 or 10.0.0.0/8), or listen on HOST=127.0.0.1 when the proxy runs on this machine.`,
    );
  }
  return warnings;
}
