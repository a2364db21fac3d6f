import type { FastifyInstance } from 'fastify';
import {
  apiPaths,
  confirmationFollowSchema,
  emailConfirmationRequestSchema,
  type ConfirmationOutcome,
  type EmailConfirmationReceipt,
} from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../core/errors.js';
import { byAddress } from '../../http/rate-limit.js';
import type { PlanTable } from '../plans/index.js';
import { awaitsEmailConfirmation } from '../quota/index.js';
import { currentVisitor } from '../session/index.js';
import type { Confirmations } from './offers.js';
import { followConfirmationLink, sendConfirmationLink } from './links.js';

const FOLLOWS_PER_IP = { max: 10, timeWindow: '15 minutes', keyGenerator: byAddress };
/** New e-mail links per account: enough for a lost mail or two. */
const RESENDS_PER_ACCOUNT = { max: 3, timeWindow: '1 hour' };

/** Following a mailed link, and asking for a new e-mail link (docs/decisions/0189, 0191). */
export async function confirmationRoutes(
  app: FastifyInstance,
  { db, plans, confirmations, now }: { db: Database; plans: PlanTable; confirmations: Confirmations; now: () => Date },
) {
  // No session needed: the link itself proves the mailbox, and it may be opened on another device.
  app.post(apiPaths.confirmationFollow, { config: { rateLimit: FOLLOWS_PER_IP } }, async (request): Promise<ConfirmationOutcome> => {
    const { token } = parseBody(confirmationFollowSchema, request.body);
    return followConfirmationLink(db, token, confirmations.adminEmails, now());
  });

  const resends = app.createRateLimit({
    ...RESENDS_PER_ACCOUNT,
    keyGenerator: (request) => `confirm:${request.session.get('userId') ?? ''}`,
  });
  app.post(apiPaths.emailConfirmation, async (request, reply): Promise<EmailConfirmationReceipt> => {
    const { user, tier } = await currentVisitor(request, db);
    if (!user) throw new AppError('not_signed_in', 'Please sign in.');
    const { language } = parseBody(emailConfirmationRequestSchema, request.body);
    if (!awaitsEmailConfirmation(plans, { tier, user })) {
      throw new AppError('conflict', 'This account has nothing to confirm.').withParams({ reason: 'nothing_to_confirm' });
    }
    if (!confirmations.mailer) throw new AppError('email_unavailable', 'E-mails cannot be sent right now. Please try again later.');
    const attempt = await resends(request);
    if (!attempt.isAllowed && attempt.isExceeded) {
      throw new AppError('rate_limited', 'Too many confirmation e-mails. Please wait and try again.', undefined, {
        'Retry-After': String(attempt.ttlInSeconds),
      }).withParams({ reason: 'confirmation_mail', minutes: Math.max(1, Math.ceil(attempt.ttlInSeconds / 60)) });
    }
    let sent: { expiresAt: Date };
    try {
      sent = await sendConfirmationLink(db, confirmations.mailer, user, 'email', { now: now(), language: language ?? 'en' });
    } catch {
      throw new AppError('email_unavailable', 'The mail server did not accept the e-mail. Please try again later.');
    }
    reply.status(202);
    return { status: 'sent', expiresAt: sent.expiresAt.toISOString() };
  });
}
