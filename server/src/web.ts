import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { clientRoutes } from '@lightpix/shared';
import { AppError, toErrorBody } from './errors.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The web build, found from src/ in development and from dist/ in production. */
export const defaultWebDist = [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')].find((dir) =>
  existsSync(path.join(dir, 'index.html')),
);

const knownRoutes = new Set<string>(clientRoutes);

/** Serves the built web app; unknown API paths get JSON 404, unknown pages the app's 404 with status 404. */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints assets, so they can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || request.method !== 'GET' || !webDist) {
      return reply.status(404).send(toErrorBody(new AppError('not_found', 'Not found.')));
    }
    const status = knownRoutes.has(pathname.replace(/\/+$/, '') || '/') ? 200 : 404;
    return reply.status(status).header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
