import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySession from '@fastify/session';
import { MAX_IMAGE_BYTES } from '@lightpix/shared';
import type { DatabaseHandle } from './db/client.js';
import type { Env } from './runtime/env.js';
import { AppError, fromFastifyError, registerErrorHandler, toErrorBody } from './core/errors.js';
import { adminRoutes, ensureOperatorAdmin, type OperatorAdminOutcome } from './modules/admin/index.js';
import { confirmationRoutes, confirmations as confirmationOffers, createConfirmationMailer } from './modules/confirmations/index.js';
import { batchesRoutes } from './modules/batches/index.js';
import { authRoutes } from './modules/auth/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { developerApiRoutes } from './modules/developer-api/index.js';
import { keysRoutes } from './modules/keys/index.js';
import { registerOriginCheck } from './modules/auth/index.js';
import { healthRoutes, type ReadinessProbe } from './modules/health/index.js';
import { appVersion } from './runtime/version.js';
import { imagesRoutes } from './modules/images/index.js';
import { presentationsRoutes } from './modules/presentations/index.js';
import { buildPlanTable } from './modules/plans/index.js';
import { plansRoutes } from './modules/plans/index.js';
import { sessionRoutes } from './modules/session/index.js';
import { statsRoutes } from './modules/stats/index.js';
import { accountRoutes } from './modules/account/index.js';
import { createExportMailer, exportsRoutes, exportWork } from './modules/exports/index.js';
import { localExportQueue, type ExportQueue } from './jobs/export-jobs.js';
import { createPasswordResetMailer } from './modules/password-reset/index.js';
import { passwordResetRoutes } from './modules/password-reset/index.js';
import { stripeWebhookRoutes, subscriptionRoutes, type BillingDeps } from './modules/billing/index.js';
import { billingFromEnv, checkPrice, type Billing } from './modules/billing/index.js';
import { databaseSessionStore, SESSION_LIFETIME_MS } from './modules/session/index.js';
import { quotaLedger } from './modules/quota/index.js';
import { childProcessPool, type ProcessPoolLimits } from './jobs/process-pool.js';
import { jobTimeLimits, type AppJobs, type JobProcessPool } from './jobs/handlers.js';
import { defaultQueueLimits } from './jobs/queue.js';
import { localResultQueue, withRequestId, type ResultQueue } from './jobs/result-queue.js';
import type { ResultStore } from './storage/result-store.js';
import { defaultWebDist, registerWebApp } from './http/web-app.js';
import { registerCompression } from './http/compression.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { registerHostCheck } from './http/allowed-hosts.js';
import { clientKey } from './http/rate-limit.js';
import type { Redis } from 'ioredis';
import { limitsNamespace } from './cluster/redis.js';
import { registerBusyDoor } from './http/busy-door.js';
import { registerOpenRequests } from './runtime/shutdown.js';
import { registerUploadDeadlines, uploadDeadlineMs } from './http/multipart.js';
import { registerMetricsRoute, registerRequestMetrics } from './jobs/metrics.js';
import { requestIdOf } from './jobs/logging.js';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  store: ResultStore;
  /** The clock, replaceable so tests can move time past a window or retention. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Result jobs; defaults to running them here (localResultQueue over `pool`), closed with the app. With REDIS_URL, main.ts passes BullMQ's. */
  jobs?: ResultQueue;
  /** Data export jobs; defaults to making them here, one at a time (closed with the app). With REDIS_URL, main.ts passes BullMQ's (docs/decisions/0250). */
  exportJobs?: ExportQueue;
  /** The child processes of the default result jobs; defaults to queueLimits' own, closed with the app. */
  pool?: JobProcessPool;
  /** Defaults to one job per core, four waiting per core, and the time and memory limits of images/limits.ts. */
  queueLimits?: ProcessPoolLimits;
  /** How long an upload that finds the queue full waits for a place before its 503 (http/busy-door.ts); defaults to DOOR_WAIT_MS. */
  busyDoorWaitMs?: number;
  /** Defaults to REQUEST_TIMEOUTS; tests shorten them. */
  timeouts?: typeof REQUEST_TIMEOUTS;
  /** Stripe; defaults to the one the STRIPE_* settings describe (null without keys). */
  billing?: Billing | null;
  /** With REDIS_URL: request limits are counted in Redis, shared by every instance (docs/decisions/0061). */
  redis?: Redis | null;
  /** What /api/health/ready asks beyond the database and the store (cluster/readiness.ts; docs/decisions/0206). */
  readiness?: Record<string, ReadinessProbe>;
  /** false leaves requests uncounted: only bench:ops sets it, to measure what the metrics cost (docs/benchmarks.md). */
  requestMetrics?: boolean;
}

/**
 * How long a client may take to send a request: its headers, and all of it with the body (a 10 MB
 * upload at 1 Mbit/s takes 80 s). Time spent processing is not counted (docs/decisions/0039).
 */
export const REQUEST_TIMEOUTS = { headersMs: 15_000, requestMs: 120_000, checkEveryMs: 5_000 };

/**
 * Per client across the API: far above what a person clicks, low enough to blunt scripts. A premium
 * batch of 100 files (100 uploads and the page's reads) fits in it with room (docs/decisions/0047).
 */
export const API_REQUESTS_PER_MINUTE = 300;

/** Child processes with the time and memory limits of images/limits.ts, a deck's longer time included. */
function defaultProcessPool(limits: ProcessPoolLimits = defaultQueueLimits()): JobProcessPool {
  return childProcessPool<AppJobs>({ ...limits, cpuLimitMsByKind: { ...jobTimeLimits, ...limits.cpuLimitMsByKind } });
}

/**
 * What the start-up log says about admins (docs/decisions/0189): ADMIN_EMAIL's account and what start did to
 * it, whether ADMIN_EMAILS can offer the role (it needs mail), and that the command line always can.
 */
export function adminSetup(
  env: Pick<Env, 'ADMIN_EMAILS' | 'operatorAdmin' | 'REQUIRE_EMAIL_CONFIRMATION'>,
  operatorAdmin: OperatorAdminOutcome | null,
  mail: boolean,
) {
  return {
    adminEmail: env.operatorAdmin ? `${env.operatorAdmin.email} (${operatorAdmin})` : 'not set',
    adminEmails:
      env.ADMIN_EMAILS.length === 0
        ? 'not set'
        : mail
          ? `${env.ADMIN_EMAILS.length} address(es), each admin once its owner follows the link mailed to it`
          : `${env.ADMIN_EMAILS.length} address(es), but no link can be mailed (SMTP_URL, MAIL_FROM or CONTACT_TO, and PUBLIC_URL): none becomes admin`,
    commandLine: 'npm run admin -- grant|revoke <email>',
    emailConfirmation: env.REQUIRE_EMAIL_CONFIRMATION ? 'required: a free account has the guest allowance until confirmed' : 'off',
  };
}

/** Builds the whole app without listening, so tests can inject requests. */
export async function buildApp(deps: AppDeps) {
  const { env, database, store } = deps;
  const now = deps.now ?? (() => new Date());
  const timeouts = deps.timeouts ?? REQUEST_TIMEOUTS;
  const app = Fastify({
    logger: deps.logger ?? false,
    // A request id from X-Request-Id when it is short and plain, else a UUID; echoed and carried into its job (docs/decisions/0240).
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    // A client sending a byte every few seconds is cut off (408) instead of holding a connection.
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    // Too long a URL or headers (431), or a timeout (408), answered on the socket in the contract's JSON.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (!socket.writable) return;
      const [status, reason, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The address or the headers are too long.']
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', 'The request took too long to arrive.']
            : [400, 'Bad Request', 'The request is not valid.'];
      const body = JSON.stringify({ error: { code: 'invalid_input', message } });
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    // A malformed URL is answered before routing; it gets the contract's JSON like any other mistake.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const appError = fromFastifyError(error) ?? new AppError('invalid_input', 'The request is not valid.');
      void reply.status(appError.status).send(toErrorBody(appError));
    },
  });
  registerErrorHandler(app);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // After the body is read, so the handler and the job it enqueues know the request (docs/decisions/0240).
  app.addHook('preHandler', (request, _reply, done) => withRequestId(request.id, done));
  // First: a stop past its grace answers the requests still open (docs/decisions/0205).
  registerOpenRequests(app);
  // Before the busy door: an upload's deadline counts from its arrival (docs/decisions/0180).
  registerUploadDeadlines(app, { deadlineMs: uploadDeadlineMs(timeouts.requestMs) });
  if (deps.requestMetrics !== false) registerRequestMetrics(app);
  // Without PUBLIC_URL links are written with the Host: only the listening address or ALLOWED_HOSTS (docs/decisions/0259).
  registerHostCheck(app, { publicUrl: env.PUBLIC_URL, listenHost: env.HOST, allowedHosts: env.ALLOWED_HOSTS });
  // Before helmet, cookies and the session: a full queue holds an upload at the door, then 503, almost free (0153).
  registerBusyDoor(app, deps.busyDoorWaitMs);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Previews of chosen files are object URLs.
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': env.PUBLIC_URL?.startsWith('https:') ? [] : null,
        // Stripe.js and its Payment Element frames, as Stripe documents for a CSP.
        'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
      },
    },
  });

  await registerCompression(app);

  const plans = buildPlanTable(env);
  const db = database.db;
  const queueLimits = deps.queueLimits ?? defaultQueueLimits();
  const jobs =
    deps.jobs ??
    localResultQueue(
      { ledger: quotaLedger(db, now), store, pool: deps.pool ?? defaultProcessPool(queueLimits), log: app.log },
      queueLimits,
    );
  // Requests in flight finish first (Fastify closes after them), then their jobs.
  if (!deps.jobs) app.addHook('onClose', () => jobs.close());
  const billing = deps.billing !== undefined ? deps.billing : await billingFromEnv(env);
  if (billing) await checkPrice(billing, plans.premium.priceEurCents);
  const resetMailer = await createPasswordResetMailer(env);
  const confirmationMailer = await createConfirmationMailer(env);
  const confirmations = confirmationOffers({
    db,
    mailer: confirmationMailer,
    adminEmails: env.ADMIN_EMAILS,
    requireEmailConfirmation: env.REQUIRE_EMAIL_CONFIRMATION,
    now,
    log: app.log,
  });
  app.addHook('onClose', () => confirmations.close());
  const operatorAdmin = env.operatorAdmin ? await ensureOperatorAdmin(db, env.operatorAdmin, now()) : null;
  app.log.info(adminSetup(env, operatorAdmin, confirmationMailer !== null), 'how admins are made');
  const billingDeps: BillingDeps = { db, billing, plans, publicUrl: env.PUBLIC_URL, now };
  const exportsDeps = { db, store, now, retentionHours: env.RETENTION_HOURS };
  let exportJobs = deps.exportJobs;
  if (!exportJobs) {
    const mailer = await createExportMailer(env);
    const local = localExportQueue(exportWork({ ...exportsDeps, billing, mailer, log: app.log }), app.log);
    app.addHook('onClose', async () => {
      await local.close();
      mailer?.close();
    });
    exportJobs = local;
  }

  // One count across instances with Redis, else per process; a Redis outage lets requests through (0061).
  const sharedLimits = (scope: 'web' | 'developer-api') =>
    deps.redis ? { redis: deps.redis, nameSpace: limitsNamespace(env.REDIS_PREFIX, scope), skipOnError: true } : {};

  await app.register(async (api) => {
    await api.register(fastifyRateLimit, {
      ...sharedLimits('web'),
      max: API_REQUESTS_PER_MINUTE,
      timeWindow: '1 minute',
      // After the session is read: colleagues behind one office address do not share a count.
      hook: 'preHandler',
      keyGenerator: clientKey,
    });
    registerOriginCheck(api, env.PUBLIC_URL);
    await api.register(fastifyCookie);
    await api.register(fastifySession, {
      secret: env.SESSION_SECRET,
      cookieName: 'lightpix_session',
      store: databaseSessionStore(db, now),
      saveUninitialized: false,
      // Written only when it changes; its lifetime is fixed from its start (store.ts says why).
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
    await api.register(healthRoutes, { db, store, now, version: appVersion, role: env.ROLE, readiness: deps.readiness });
    await api.register(authRoutes, {
      db,
      plans,
      confirmations,
      now,
      signUpLimits: { perAddress: env.SIGNUPS_PER_ADDRESS, perDevice: env.SIGNUPS_PER_DEVICE, windowHours: env.SIGNUP_WINDOW_HOURS },
      secureCookies: env.PUBLIC_URL?.startsWith('https:') ?? false,
    });
    await api.register(confirmationRoutes, { db, plans, confirmations, now });
    await api.register(passwordResetRoutes, { db, mailer: resetMailer, plans, now });
    await api.register(adminRoutes, { db, resetMailer, store, billing, now });
    await api.register(contactRoutes, { db, env, now });
    await api.register(plansRoutes, {
      plans,
      retentionHours: env.RETENTION_HOURS,
      retention: {
        contactMessagesDays: env.CONTACT_RETENTION_DAYS,
        auditDays: env.AUDIT_RETENTION_DAYS,
        usageDays: env.USAGE_RETENTION_DAYS,
      },
      paymentsAvailable: billing !== null,
      operator: {
        name: env.OPERATOR_NAME ?? null,
        address: env.OPERATOR_ADDRESS ?? null,
        email: env.OPERATOR_EMAIL ?? null,
        companyNumber: env.OPERATOR_COMPANY_NUMBER ?? null,
        supervisoryAuthority: env.OPERATOR_SUPERVISORY_AUTHORITY ?? null,
      },
    });
    await api.register(sessionRoutes, { db, plans, now });
    await api.register(statsRoutes, { db, now });
    await api.register(imagesRoutes, { db, store, jobs, plans, now, retentionHours: env.RETENTION_HOURS });
    await api.register(batchesRoutes, { db, store, now });
    await api.register(presentationsRoutes, {
      db,
      store,
      jobs,
      plans,
      now,
      retentionHours: env.RETENTION_HOURS,
      converter: { soffice: env.SOFFICE_PATH, bwrap: env.BWRAP_PATH },
    });
    await api.register(subscriptionRoutes, billingDeps);
    await api.register(accountRoutes, { db, store, billing, now });
    await api.register(exportsRoutes, { ...exportsDeps, queue: exportJobs });
    await api.register(keysRoutes, { db, now });
  });
  await app.register(stripeWebhookRoutes, billingDeps);
  // Outside the browser scope: keys only, no cookies, no Origin check (docs/decisions/0051).
  await app.register(developerApiRoutes, {
    db,
    store,
    jobs,
    plans,
    now,
    retentionHours: env.RETENTION_HOURS,
    publicUrl: env.PUBLIC_URL,
    limits: sharedLimits('developer-api'),
    sourceUrlAllow: env.SOURCE_URL_ALLOW,
  });

  // Read with METRICS_TOKEN here, or on METRICS_PORT apart (main.ts); else 404 (docs/decisions/0207).
  registerMetricsRoute(app, env.METRICS_PORT ? undefined : env.METRICS_TOKEN);
  await registerWebApp(app, env.WEB_DIST_DIR ?? defaultWebDist, {
    publicUrl: env.PUBLIC_URL,
    premiumPriceEurCents: plans.premium.priceEurCents,
  });
  return app;
}
