import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** Envelope recipients: where the mail really goes, whatever the headers say. */
  recipients: string[];
  /** Header names lower-cased, folded lines joined; a repeated header keeps its last value. */
  headers: Record<string, string>;
  headerNames: string[];
  body: string;
}

function parse(raw: string, recipients: string[]): CaughtMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  const headerNames: string[] = [];
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headerNames.push(name);
    headers[name] = line.slice(colon + 1).trim();
  }
  return { recipients, headers, headerNames, body: raw.slice(split + 4).replace(/\r\n/g, '\n') };
}

/** A header as a person reads it: RFC 2047 encoded words (=?UTF-8?B?…?= or Q) decoded. */
export function headerText(value: string | undefined): string {
  return (value ?? '').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The mail's text as the reader sees it (nodemailer may send it quoted-printable). */
export function readable(mail: CaughtMail): string {
  if (!/quoted-printable/i.test(mail.headers['content-transfer-encoding'] ?? '')) return mail.body;
  const bytes = mail.body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server on 127.0.0.1 (a free port unless one is given) that keeps what it receives.
 * A message whose text contains `refuseWhen` is answered 550, as a mail server that rejects it would.
 */
export async function startMailCatcher(options: { port?: number; refuseWhen?: string } = {}) {
  const mails: CaughtMail[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (options.refuseWhen && raw.includes(options.refuseWhen)) {
          callback(Object.assign(new Error('Message rejected by policy'), { responseCode: 550 }));
          return;
        }
        mails.push(
          parse(
            raw,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first mail (already caught or still to come) that matches. */
    async next(matches: (mail: CaughtMail) => boolean, timeoutMs = 10_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(matches);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('No matching mail arrived');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
