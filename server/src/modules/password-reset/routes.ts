import type { FastifyInstance } from 'fastify';
import {
  apiPaths,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type CurrentUser,
  type PasswordResetInfo,
  type PasswordResetReceipt,
} from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../core/errors.js';
import { toCurrentUser } from '../auth/index.js';
import { signIn } from '../auth/index.js';
import type { PasswordResetMailer } from './mailer.js';
import type { PlanTable } from '../plans/index.js';
import { emailUnavailable, resetPassword, sendResetLinkIfAccount } from './reset-links.js';
import { byAddress } from '../../http/rate-limit.js';

export interface PasswordResetDeps {
  db: Database;
  mailer: PasswordResetMailer | null;
  plans: PlanTable;
  now: () => Date;
}

/** Reset requests per client address, and per e-mail address whatever the client: enough for a typo or two. */
export const RESET_REQUESTS_PER_IP = { max: 5, timeWindow: '15 minutes', keyGenerator: byAddress };
export const RESET_REQUESTS_PER_ADDRESS = { max: 3, timeWindow: '1 hour' };
const RESET_CONFIRMS_PER_IP = { max: 10, timeWindow: '15 minutes', keyGenerator: byAddress };
const SENT: PasswordResetReceipt = { status: 'sent' };

/** "Forgot password?": a link by e-mail, then a new password that signs out every other session (docs/decisions/0059). */
export async function passwordResetRoutes(app: FastifyInstance, { db, mailer, plans, now }: PasswordResetDeps) {
  if (!mailer) app.log.info('Password reset by e-mail is off (it needs SMTP_URL, MAIL_FROM or CONTACT_TO, and PUBLIC_URL).');
  const deliveries = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(deliveries);
    // The admin panel's sends finish within their requests, so the transport can close here.
    mailer?.close();
  });

  app.get(apiPaths.passwordReset, async (): Promise<PasswordResetInfo> => ({ available: mailer !== null }));

  const addressAttempts = app.createRateLimit({
    ...RESET_REQUESTS_PER_ADDRESS,
    keyGenerator: (request) =>
      `reset:${String((request.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });

  app.post(
    apiPaths.passwordReset,
    { config: { rateLimit: RESET_REQUESTS_PER_IP } },
    async (request, reply): Promise<PasswordResetReceipt> => {
      if (!mailer) throw emailUnavailable();
      const { email, language } = parseBody(passwordResetRequestSchema, request.body);
      // Counted for every address, known or not, so the limit itself says nothing about accounts.
      const attempt = await addressAttempts(request);
      if (!attempt.isAllowed && attempt.isExceeded) {
        throw new AppError('rate_limited', 'Too many reset requests for this address. Please wait and try again.', undefined, {
          'Retry-After': String(attempt.ttlInSeconds),
        });
      }
      // Looked up and mailed after answering: the answer and its timing are the same for every address.
      const delivery = sendResetLinkIfAccount(db, mailer, email, { now: now(), language: language ?? 'en' }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'password reset e-mail failed');
      });
      deliveries.add(delivery);
      void delivery.finally(() => deliveries.delete(delivery));
      reply.status(202);
      return SENT;
    },
  );

  app.post(apiPaths.passwordResetConfirm, { config: { rateLimit: RESET_CONFIRMS_PER_IP } }, async (request): Promise<CurrentUser> => {
    const { token, newPassword } = parseBody(passwordResetConfirmSchema, request.body);
    const user = await resetPassword(db, token, newPassword, now());
    // Every session of the user ended with the reset; this browser starts a new one.
    await signIn(request, user.id);
    return toCurrentUser(user, plans);
  });
}
