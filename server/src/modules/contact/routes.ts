import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths, contactRequestSchema, type ContactInfo, type ContactReceipt } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import type { Env } from '../../runtime/env.js';
import { parseBody } from '../../core/errors.js';
import { findUser } from '../session/index.js';
import type { UserRow } from '../../db/schema/index.js';
import { createContactMailer } from './mailer.js';
import { confirmationDue, deliverContactMessage, storeContactMessage } from './messages.js';
import { byAddress } from '../../http/rate-limit.js';

export interface ContactDeps {
  db: Database;
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'CONTACT_TO' | 'SUPPORT_EMAIL'>;
  now: () => Date;
}

/** Per client address: a person writes a few messages, a script many. */
export const CONTACT_PER_IP = { max: 5, timeWindow: '10 minutes', keyGenerator: byAddress };
/** The longest valid message is 5,000 characters; JSON escapes may triple its bytes. */
const CONTACT_BODY_LIMIT = 64 * 1024;
const RECEIVED: ContactReceipt = { status: 'received', confirmation: false };

/** People never see the `website` field; anything in it means a form-filling bot. */
function filledHoneypot(body: unknown): boolean {
  const value = typeof body === 'object' && body !== null ? (body as { website?: unknown }).website : undefined;
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The signed-in sender, whose id is kept with the message so support knows the account; never required. */
async function signedInSender(request: FastifyRequest, db: Database): Promise<UserRow | null> {
  const userId = request.session.get('userId');
  return userId ? await findUser(db, userId) : null;
}

export async function contactRoutes(app: FastifyInstance, { db, env, now }: ContactDeps) {
  const mailer = await createContactMailer(env);
  if (!mailer) app.log.info('Contact e-mail is off (set SMTP_URL and CONTACT_TO): messages are only stored.');
  const deliveries = new Set<Promise<unknown>>();
  const track = (delivery: Promise<unknown>) => {
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled(deliveries);
    mailer?.close();
  });

  app.get(apiPaths.contactInfo, async (): Promise<ContactInfo> => ({
    supportEmail: env.SUPPORT_EMAIL ?? null,
    emailConfigured: mailer !== null,
  }));

  app.post(
    apiPaths.contact,
    { bodyLimit: CONTACT_BODY_LIMIT, config: { rateLimit: CONTACT_PER_IP } },
    async (request, reply): Promise<ContactReceipt> => {
      reply.status(201);
      // The bot sees the same answer as a person, so it learns nothing to adapt to.
      if (filledHoneypot(request.body)) {
        request.log.info('contact message dropped: honeypot filled');
        return RECEIVED;
      }
      const { website: _website, language, ...message } = parseBody(contactRequestSchema, request.body);
      const sender = await signedInSender(request, db);
      const row = await storeContactMessage(db, message, { language: language ?? 'en', userId: sender?.id ?? null }, now());
      if (!mailer) return RECEIVED;
      // Only to the account's own address, in fixed words, a few a day: never a relay (docs/decisions/0143).
      const confirmation = sender !== null && sender.isActive && (await confirmationDue(db, sender.id, now()));
      // Sent after answering: the visitor never waits for, nor sees, the mail server.
      track(
        deliverContactMessage(db, mailer, row, now).then(({ delivered, error }) => {
          if (!delivered) app.log.warn({ err: error, contactMessageId: row.id }, 'contact e-mail failed; the message is stored');
        }),
      );
      if (confirmation) {
        track(
          mailer
            .confirm(sender.email, row.language)
            .catch((error: unknown) => app.log.warn({ err: error, contactMessageId: row.id }, 'contact confirmation e-mail failed')),
        );
      }
      return { status: 'received', confirmation };
    },
  );
}
