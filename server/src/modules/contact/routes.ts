import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths, contactRequestSchema, type ContactInfo, type ContactReceipt } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { parseBody } from '../../errors.js';
import { findUser } from '../session/index.js';
import { createContactMailer } from './mailer.js';
import { deliverContactMessage, storeContactMessage } from './service.js';
import { byAddress } from '../../rate-limit.js';

export interface ContactDeps {
  db: Database;
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'CONTACT_TO' | 'SUPPORT_EMAIL'>;
  now: () => Date;
}

/** Per client address: a person writes a few messages, a script many. */
export const CONTACT_PER_IP = { max: 5, timeWindow: '10 minutes', keyGenerator: byAddress };
/** The longest valid message is 5,000 characters; JSON escapes may triple its bytes. */
const CONTACT_BODY_LIMIT = 64 * 1024;
const RECEIVED: ContactReceipt = { status: 'received' };

/** People never see the `website` field; anything in it means a form-filling bot. */
function filledHoneypot(body: unknown): boolean {
  const value = typeof body === 'object' && body !== null ? (body as { website?: unknown }).website : undefined;
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The signed-in sender's id, kept with the message so support knows the account; never required. */
async function senderId(request: FastifyRequest, db: Database): Promise<string | null> {
  const userId = request.session.get('userId');
  return userId ? ((await findUser(db, userId))?.id ?? null) : null;
}

export async function contactRoutes(app: FastifyInstance, { db, env, now }: ContactDeps) {
  const mailer = await createContactMailer(env);
  if (!mailer) app.log.info('Contact e-mail is off (set SMTP_URL and CONTACT_TO): messages are only stored.');
  const deliveries = new Set<Promise<unknown>>();
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
      const row = await storeContactMessage(db, message, { language: language ?? 'en', userId: await senderId(request, db) }, now());
      if (mailer) {
        // Sent after answering: the visitor never waits for, nor sees, the mail server.
        const delivery = deliverContactMessage(db, mailer, row, now).then(({ delivered, error }) => {
          if (!delivered) app.log.warn({ err: error, contactMessageId: row.id }, 'contact e-mail failed; the message is stored');
        });
        deliveries.add(delivery);
        void delivery.finally(() => deliveries.delete(delivery));
      }
      return RECEIVED;
    },
  );
}
