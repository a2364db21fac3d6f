import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySession from '@fastify/session';
import { MAX_IMAGE_BYTES } from '@lightpix/shared';
import type { DatabaseHandle } from './db/client.js';
import type { Env } from './env.js';
import { registerErrorHandler } from './errors.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { registerOriginCheck } from './modules/auth/origin.js';
import { healthRoutes } from './modules/health/routes.js';
import { imagesRoutes } from './modules/images/routes.js';
import { buildPlanTable } from './modules/plans/service.js';
import { plansRoutes } from './modules/plans/routes.js';
import { sessionRoutes } from './modules/session/routes.js';
import { databaseSessionStore } from './modules/session/store.js';
import { ProcessingQueue, type QueueLimits } from './images/queue.js';
import type { ResultStore } from './storage/result-store.js';
import { defaultWebDist, registerWebApp } from './web.js';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  store: ResultStore;
  /** The clock, replaceable so tests can move time past a window or retention. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to one image per core and four waiting per core. */
  queueLimits?: QueueLimits;
}

const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** Per client address across the API: far above what a person clicks, low enough to blunt scripts. */
export const API_REQUESTS_PER_MINUTE = 300;

/** Builds the whole app without listening, so tests can inject requests. */
export async function buildApp(deps: AppDeps) {
  const { env, database, store } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({ logger: deps.logger ?? false, trustProxy: env.TRUST_PROXY });
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Previews of chosen files are object URLs.
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': env.PUBLIC_URL?.startsWith('https:') ? [] : null,
      },
    },
  });

  const plans = buildPlanTable(env);
  const queue = new ProcessingQueue(deps.queueLimits);
  const db = database.db;

  await app.register(async (api) => {
    await api.register(fastifyRateLimit, { max: API_REQUESTS_PER_MINUTE, timeWindow: '1 minute' });
    registerOriginCheck(api, env.PUBLIC_URL);
    await api.register(fastifyCookie);
    await api.register(fastifySession, {
      secret: env.SESSION_SECRET,
      cookieName: 'lightpix_session',
      store: databaseSessionStore(db),
      saveUninitialized: false,
      // A session lives 30 days from its start (the privacy policy's limit), and is written only when it changes.
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: env.PUBLIC_URL?.startsWith('https:') ?? false,
        maxAge: SESSION_LIFETIME_MS,
        path: '/',
      },
    });
    await api.register(fastifyMultipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 1024, parts: 25 },
    });
    await api.register(healthRoutes, { db });
    await api.register(authRoutes, { db, adminEmails: env.ADMIN_EMAILS });
    await api.register(adminRoutes, { db, adminEmails: env.ADMIN_EMAILS });
    await api.register(plansRoutes, { plans, retentionHours: env.RETENTION_HOURS });
    await api.register(sessionRoutes, { db, plans, now });
    await api.register(imagesRoutes, { db, store, queue, plans, now, retentionHours: env.RETENTION_HOURS });
  });

  await registerWebApp(app, env.WEB_DIST_DIR ?? defaultWebDist);
  return app;
}
