import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, clientRoutes, landingLanguageOf, routeOf, type LandingLanguage } from '@lightpix/shared';
import { AppError, toErrorBody } from '../core/errors.js';
import { robotsTxt, sitemapXml } from '../site/crawlers.js';
import { renderLandingPage } from '../site/landing-html.js';
import { originOf } from './public-origin.js';
import { landingRenderer } from '../site/landing-render.js';

/** The server's folder: two up from src/http/ (sources), one up from dist/ (the bundle). */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), import.meta.url.endsWith('.ts') ? '../..' : '..');
/** The web build, found from src/ in development and from dist/ in production. */
export const defaultWebDist = [path.resolve(serverRoot, '../web/dist'), path.resolve(serverRoot, 'web/dist')].find((dir) =>
  existsSync(path.join(dir, 'index.html')),
);

const knownRoutes = new Set<string>(clientRoutes);

export interface SiteOptions {
  /** The public address (PUBLIC_URL); without it, absolute links use the request's own host. */
  publicUrl: string | undefined;
  /** The Premium price for the landing pages' structured data, from the plan table. */
  premiumPriceEurCents: number;
}

/**
 * Serves the built web app; landing pages get their language, head tags and a summary in the HTML
 * itself; unknown API paths get JSON 404, unknown pages the app's 404 with status 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined, site: SiteOptions) {
  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(originOf(request, site.publicUrl))),
  );
  app.get('/sitemap.xml', async (request, reply) =>
    reply.type('application/xml; charset=utf-8').send(sitemapXml(originOf(request, site.publicUrl))),
  );

  const template = webDist ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : null;
  const landing = webDist ? landingRenderer(app, webDist) : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // web/vite.config.ts writes a .br and a .gz beside each built file (docs/decisions/0216).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints assets, so they can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  /** A landing page: rendered here for a signed-out visitor (docs/decisions/0125), else the app's page with the head filled in. */
  async function landingPage(request: FastifyRequest, language: LandingLanguage): Promise<string> {
    const origin = originOf(request, site.publicUrl);
    const session = landing ? await landing.guestSession(request) : null;
    if (landing && session) {
      try {
        return renderLandingPage(landing.template, language, origin, site.premiumPriceEurCents, await landing.root(language, session));
      } catch (error) {
        request.log.warn({ err: error }, 'Rendering the landing page failed; the browser renders it instead');
      }
    }
    return renderLandingPage(template!, language, origin, site.premiumPriceEurCents);
  }

  /** A page (or the contract's 404 for an unknown API path); a route for GET, so its HTML is compressed (compression.ts). */
  async function page(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith(API_PREFIX) || !read || !template) {
      return reply.status(404).send(toErrorBody(new AppError('not_found', 'Not found.')));
    }
    const status = knownRoutes.has(routeOf(pathname)) ? 200 : 404;
    const language = landingLanguageOf(pathname);
    const html = language ? await landingPage(request, language) : template;
    return reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
  app.get('/*', page);
  app.setNotFoundHandler(page);
}
