import type { Env } from '../../runtime/env.js';
import { smtpTransport } from './mailer.js';

/**
 * A mail to an account's own address that carries one link: a reset link, a confirmation link, a data
 * export ready to download. Every such mail says why, where to go, the link, then its notes, signed Lightpix.
 */
export interface LinkMailParts {
  subject: string;
  why: string;
  open: string;
  link: string;
  notes: readonly string[];
}

export function linkMailText(parts: LinkMailParts): { subject: string; text: string } {
  return {
    subject: parts.subject,
    text: [parts.why, '', parts.open, parts.link, '', ...parts.notes, '', 'Lightpix', ''].join('\n'),
  };
}

export interface AccountMailSender {
  /** The public origin links are built from (PUBLIC_URL, without a trailing slash). */
  publicUrl: string;
  send(to: string, mail: { subject: string; text: string }): Promise<void>;
  close(): void;
}

/**
 * The sender of mail to an account's own address; null when none can be sent: no SMTP_URL, no sender
 * (MAIL_FROM or CONTACT_TO), or no PUBLIC_URL — a link built from the request's Host header could point
 * at someone else's site (docs/decisions/0059).
 */
export async function accountMailSender(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'CONTACT_TO' | 'PUBLIC_URL'>,
): Promise<AccountMailSender | null> {
  const from = env.MAIL_FROM ?? env.CONTACT_TO?.split(',')[0]?.trim();
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '');
  if (!env.SMTP_URL || !from || !publicUrl) return null;
  const transport = await smtpTransport(env.SMTP_URL);
  return {
    publicUrl,
    async send(to, mail) {
      await transport.sendMail({ from, to, ...mail });
    },
    close: () => transport.close(),
  };
}
