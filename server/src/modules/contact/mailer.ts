import type { Env } from '../../runtime/env.js';
import { withoutControlCharacters } from '../../core/text.js';
import { confirmationMailText } from './confirmation.js';

/** One contact message as it is e-mailed to the team. */
export interface ContactMail {
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  signedInUserId: string | null;
  receivedAt: Date;
}

export interface ContactMailer {
  send(mail: ContactMail): Promise<void>;
  /** The sender's confirmation, to their account's own address (docs/decisions/0143). */
  confirm(to: string, language: string): Promise<void>;
  close(): void;
}

/** Mail servers that hang must not keep a delivery open for nodemailer's default ten minutes. */
export const MAIL_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The SMTP transport of both mailers; nodemailer is loaded only once SMTP_URL is set (docs/decisions/0110). */
export async function smtpTransport(smtpUrl: string) {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({ url: smtpUrl, ...MAIL_TIMEOUTS });
}
export const SUBJECT_PREFIX = '[Lightpix contact]';

/** A header line cannot be split: CR, LF and other controls become spaces. */
export function oneLine(text: string): string {
  return withoutControlCharacters(text, ' ').trim();
}

export function contactMailText(mail: ContactMail): string {
  return [
    `Name: ${oneLine(mail.name)}`,
    `E-mail: ${oneLine(mail.email)}`,
    `Language: ${mail.language}`,
    `Account: ${mail.signedInUserId ?? 'not signed in'}`,
    `Received: ${mail.receivedAt.toISOString()}`,
    '',
    mail.message,
    '',
  ].join('\n');
}

/**
 * The SMTP transport, built once from SMTP_URL; null when e-mail is off (no SMTP_URL or no
 * CONTACT_TO). Without MAIL_FROM the message is sent from the first CONTACT_TO address.
 */
export async function createContactMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'CONTACT_TO'>): Promise<ContactMailer | null> {
  if (!env.SMTP_URL || !env.CONTACT_TO) return null;
  const transport = await smtpTransport(env.SMTP_URL);
  const to = env.CONTACT_TO.split(',').map((address) => address.trim());
  const from = env.MAIL_FROM ?? to[0]!;
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to,
        replyTo: { name: oneLine(mail.name), address: mail.email },
        subject: `${SUBJECT_PREFIX} ${oneLine(mail.subject)}`,
        text: contactMailText(mail),
      });
    },
    async confirm(address, language) {
      await transport.sendMail({ from, to: address, ...confirmationMailText(language, address) });
    },
    close: () => transport.close(),
  };
}
