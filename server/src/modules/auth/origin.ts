import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that rely on the session cookie must come from our own pages: a browser names the page's
 * origin on every cross-site write, so a foreign Origin is refused (SameSite=Lax is the second fence).
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const configured = publicUrl ? new URL(publicUrl).host : null;
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw crossSite();
    if (!origin) return;
    // Under our Referrer-Policy (no-referrer) a browser's form POST says Origin: null; it also says it is same-origin, which no page elsewhere can.
    if (origin === 'null' && site === 'same-origin') return;
    // Hosts, not schemes: behind a TLS proxy the app may see http while the page says https.
    const own = configured ?? request.host;
    if (hostOf(origin) !== own) throw crossSite();
  });
}

function crossSite(): AppError {
  return new AppError('forbidden', 'This request came from another site and was refused.');
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
