import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { ConfirmationMailer } from './mailer.js';
import { hasOpenLink, sendConfirmationLink } from './links.js';

/**
 * What an account is asked to confirm by mail, and the mail sent in the background after the answer:
 * an ADMIN_EMAILS address's owner the admin role, a new free account its address when
 * REQUIRE_EMAIL_CONFIRMATION is on (docs/decisions/0189, 0191).
 */
export interface Confirmations {
  readonly mailer: ConfirmationMailer | null;
  readonly adminEmails: readonly string[];
  /** After a sign-up: the admin link for a listed address (it confirms the address too), else the e-mail link when required. */
  afterSignUp(user: UserRow, language: string): void;
  /** After a sign-in: a listed address not yet admin gets a link unless one is open. */
  afterSignIn(user: UserRow, language: string): void;
  /** Waits for mail in flight, then closes the transport. */
  close(): Promise<void>;
}

export function confirmations(deps: {
  db: Database;
  mailer: ConfirmationMailer | null;
  adminEmails: readonly string[];
  requireEmailConfirmation: boolean;
  now: () => Date;
  log: FastifyBaseLogger;
}): Confirmations {
  const { db, mailer, adminEmails, now, log } = deps;
  const deliveries = new Set<Promise<unknown>>();
  const inBackground = (work: () => Promise<unknown>) => {
    const delivery = work().catch((error: unknown) => log.warn({ err: error }, 'confirmation e-mail failed'));
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  };
  const offersAdmin = (user: UserRow) => !user.isAdmin && adminEmails.includes(user.email);
  return {
    mailer,
    adminEmails,
    afterSignUp(user, language) {
      if (!mailer) return;
      if (offersAdmin(user)) inBackground(() => sendConfirmationLink(db, mailer, user, 'admin', { now: now(), language }));
      else if (deps.requireEmailConfirmation) inBackground(() => sendConfirmationLink(db, mailer, user, 'email', { now: now(), language }));
    },
    afterSignIn(user, language) {
      if (!mailer || !offersAdmin(user)) return;
      inBackground(async () => {
        if (!(await hasOpenLink(db, user.id, 'admin', now())))
          await sendConfirmationLink(db, mailer, user, 'admin', { now: now(), language });
      });
    },
    async close() {
      await Promise.allSettled(deliveries);
      mailer?.close();
    },
  };
}
