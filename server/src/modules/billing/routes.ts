import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCOUNT_PATH,
  apiPaths,
  createSubscriptionRequestSchema,
  type BillingAccount,
  type CreateSubscriptionResponse,
  type PortalResponse,
} from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../core/errors.js';
import { originOf } from '../../http/public-origin.js';
import type { PlanTable } from '../plans/index.js';
import { currentVisitor } from '../session/index.js';
import type { Billing } from './stripe.js';
import { createSubscription, describeBilling, handleWebhook, openPortal, requireBilling, setCancelAtPeriodEnd } from './payments.js';

export interface BillingDeps {
  db: Database;
  billing: Billing | null;
  plans: PlanTable;
  publicUrl: string | undefined;
  now: () => Date;
}

async function signedInUser(request: FastifyRequest, db: Database) {
  const { user } = await currentVisitor(request, db);
  if (!user) throw new AppError('not_signed_in', 'Please sign in to subscribe.');
  return user;
}

/** The signed-in user's subscription: create, read, cancel at period end, resume, and the Customer Portal. */
export async function subscriptionRoutes(app: FastifyInstance, deps: BillingDeps) {
  const { db, billing, plans } = deps;

  app.post(apiPaths.subscriptionCreate, async (request): Promise<CreateSubscriptionResponse> => {
    const user = await signedInUser(request, db);
    const { attemptId } = parseBody(createSubscriptionRequestSchema, request.body);
    return createSubscription(db, requireBilling(billing), user.id, attemptId);
  });

  app.get(apiPaths.subscription, async (request, reply): Promise<BillingAccount> => {
    reply.header('Cache-Control', 'no-store');
    const user = await signedInUser(request, db);
    return describeBilling(db, billing, user, plans.premium.priceEurCents);
  });

  for (const [path, cancel] of [
    [apiPaths.subscriptionCancel, true],
    [apiPaths.subscriptionResume, false],
  ] as const) {
    app.post(path, async (request): Promise<BillingAccount> => {
      const user = await signedInUser(request, db);
      await setCancelAtPeriodEnd(db, requireBilling(billing), user.id, cancel);
      const { user: fresh } = await currentVisitor(request, db);
      return describeBilling(db, billing, fresh!, plans.premium.priceEurCents);
    });
  }

  app.post(apiPaths.subscriptionPortal, async (request): Promise<PortalResponse> => {
    const user = await signedInUser(request, db);
    const origin = originOf(request, deps.publicUrl);
    return { url: await openPortal(db, requireBilling(billing), user.id, `${origin}${ACCOUNT_PATH}`) };
  });
}

/**
 * Stripe's webhook: outside the per-address rate limit and the Origin check (Stripe is neither a
 * browser nor one client), with its own raw-body parser because the signature covers the exact bytes.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(apiPaths.stripeWebhook, async (request): Promise<{ received: true }> => {
    const billing = requireBilling(deps.billing);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const outcome = await handleWebhook(deps.db, billing, body, typeof signature === 'string' ? signature : undefined, deps.now());
    request.log.info({ outcome }, 'stripe webhook');
    return { received: true };
  });
}
