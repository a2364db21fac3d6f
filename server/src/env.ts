import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Unset and empty settings are the same: the default applies. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : v),
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]),
  );
const wholeNumber = (fallback: number, min = 0) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : Number(v)), z.number().int().min(min));

const emailAddress = z.email();
/** `someone@example.com` or `Name <someone@example.com>`, as mail headers take them. */
const mailbox = (value: string) => emailAddress.safeParse(/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value.trim()).success;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: wholeNumber(3000, 0).pipe(z.number().max(65535)),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TRUST_PROXY: flag(false),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  QUOTA_GUEST: wholeNumber(1),
  QUOTA_FREE: wholeNumber(10),
  /** Empty means unlimited. */
  QUOTA_PREMIUM: z.preprocess((v) => (v === undefined || v === '' ? null : Number(v)), z.number().int().min(0).nullable()),
  RETENTION_HOURS: z.preprocess((v) => (v === undefined || v === '' ? 24 : Number(v)), z.number().positive()),
  ADMIN_EMAILS: optionalText.transform((v) =>
    (v ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ID: optionalText,
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\/[^/]/, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: optionalText.pipe(z.string().refine(mailbox, 'must be an e-mail address or Name <address>').optional()),
  /** Comma-separated: every contact message is e-mailed to each of them. */
  CONTACT_TO: optionalText.pipe(
    z.string().refine((v) => v.split(',').every((part) => mailbox(part)), 'must be e-mail addresses separated by commas').optional(),
  ),
  /** A public address the contact page shows; unrelated to where messages are sent. */
  SUPPORT_EMAIL: optionalText.pipe(emailAddress.optional()),
  REDIS_URL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; the default is the workspace's build output. */
  WEB_DIST_DIR: optionalText,
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; DATA_DIR: string };

export class EnvError extends Error {}

/** Parses the settings once; a bad value throws an EnvError naming every wrong setting. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return { ...env, DATA_DIR: dataDir, SESSION_SECRET: env.SESSION_SECRET ?? loadOrCreateSecret(dataDir) };
}

/** Generated once and kept, so sessions survive restarts without any configuration. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
