import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { trustProxySchema } from '../http/trust-proxy.js';

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
/** One line of the operator's identity, trimmed, at most 300 characters; blank is unset. */
const operatorText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  z.string().max(300, 'must be at most 300 characters').optional(),
);
/** `someone@example.com` or `Name <someone@example.com>`, as mail headers take them. */
const mailbox = (value: string) => emailAddress.safeParse(/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value.trim()).success;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: wholeNumber(3000, 0).pipe(z.number().max(65535)),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(z.url().optional()),
    /** `host:port` pairs, comma-separated, that the API's fromUrl may fetch although they are private (docs/decisions/0135). */
    SOURCE_URL_ALLOW: optionalText.pipe(
      z
        .string()
        .refine(
          (v) => v.split(',').every((entry) => /^([a-z0-9.-]+|\[[0-9a-f:.]+\]):\d{1,5}$/i.test(entry.trim())),
          'must be host:port pairs separated by commas',
        )
        .optional(),
    ),
    /** Host names answered without PUBLIC_URL beside the listening address (docs/decisions/0259): `name`, `.name` with its subdomains, `*`. */
    ALLOWED_HOSTS: optionalText.transform((v, context) => {
      const entries = (v ?? '')
        .split(',')
        .map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''))
        .filter(Boolean);
      const wrong = entries.filter((entry) => !/^(\*|\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])$/.test(entry));
      if (wrong.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `must be host names without port, separated by commas (.example.com for a name and its subdomains, [::1] for IPv6, * for any): not ${wrong.join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
    TRUST_PROXY: trustProxySchema,
    SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    QUOTA_GUEST: wholeNumber(1),
    QUOTA_FREE: wholeNumber(10),
    /** Empty means unlimited. */
    QUOTA_PREMIUM: z.preprocess((v) => (v === undefined || v === '' ? null : Number(v)), z.number().int().min(0).nullable()),
    RETENTION_HOURS: z.preprocess((v) => (v === undefined || v === '' ? 24 : Number(v)), z.number().positive()),
    /** How long the database keeps what it keeps, in days (docs/decisions/0198); the privacy page quotes them. */
    CONTACT_RETENTION_DAYS: wholeNumber(365, 1),
    AUDIT_RETENTION_DAYS: wholeNumber(730, 1),
    PASSWORD_RESET_RETENTION_DAYS: wholeNumber(30, 1),
    /** After this the processing log keeps no name, address or owner; at least 32 so a calendar month's quota still counts. */
    USAGE_RETENTION_DAYS: wholeNumber(365, 32),
    /** The operator's admin, created or updated at start with ADMIN_PASSWORD or ADMIN_PASSWORD_FILE (docs/decisions/0189). */
    ADMIN_EMAIL: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined), z.email().optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').max(200).optional()),
    /** A file holding the admin's password (a container secret); one trailing newline is not part of it. */
    ADMIN_PASSWORD_FILE: optionalText,
    /** Addresses offered the admin role: each becomes admin once its owner follows the link mailed to it. */
    ADMIN_EMAILS: optionalText.transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    /** A free account gets the guest's allowance until its owner follows the link mailed at sign-up (docs/decisions/0191). */
    REQUIRE_EMAIL_CONFIRMATION: flag(false),
    /** Accounts created per client address, and per device (a cookie), in SIGNUP_WINDOW_HOURS (docs/decisions/0191). */
    SIGNUPS_PER_ADDRESS: wholeNumber(3, 1),
    SIGNUPS_PER_DEVICE: wholeNumber(2, 1),
    SIGNUP_WINDOW_HOURS: wholeNumber(24, 1).pipe(z.number().max(720)),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_ID: optionalText,
    /** Where the Stripe SDK sends its calls: Stripe itself by default, a local fake in tests. */
    STRIPE_API_URL: optionalText.pipe(
      z
        .url()
        .regex(/^https?:\/\//, 'must start with http:// or https://')
        .optional(),
    ),
    /** On once the Customer Portal is activated in Stripe's dashboard: /account then offers "Update card and invoices". */
    STRIPE_PORTAL: flag(false),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/]/, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: optionalText.pipe(z.string().refine(mailbox, 'must be an e-mail address or Name <address>').optional()),
    /** Comma-separated: every contact message is e-mailed to each of them. */
    CONTACT_TO: optionalText.pipe(
      z
        .string()
        .refine((v) => v.split(',').every((part) => mailbox(part)), 'must be e-mail addresses separated by commas')
        .optional(),
    ),
    /** A public address the contact page shows; unrelated to where messages are sent. */
    SUPPORT_EMAIL: optionalText.pipe(emailAddress.optional()),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    /** Namespaces every Redis key (jobs, rate limits), so several installations can share one Redis. */
    REDIS_PREFIX: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[A-Za-z0-9_-]+$/)
        .default('lightpix'),
    ),
    /** One URL for the results bucket: s3+https://KEY:SECRET@host[:port]/bucket?region=…&forcePathStyle=true. */
    STORAGE_URL: optionalText,
    S3_ENDPOINT: optionalText.pipe(z.url().optional()),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag(false),
    /** Creates the bucket at start when it does not exist (docs/decisions/0206); else a missing bucket stops the start. */
    S3_CREATE_BUCKET: flag(false),
    /** web answers HTTP and enqueues, worker only processes jobs, all does both (the single-machine default). */
    ROLE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['web', 'worker', 'all']).default('all')),
    /** Seconds before a job whose worker stopped answering is handed to another worker. */
    JOB_STALL_SECONDS: wholeNumber(30, 1),
    /** LibreOffice's command, for .ppt decks (docs/decisions/0044-ppt-through-libreoffice.md). */
    SOFFICE_PATH: z.preprocess((v) => (v === undefined || v === '' ? 'soffice' : v), z.string()),
    /** bubblewrap's command: LibreOffice runs only inside its sandbox (docs/decisions/0145-libreoffice-in-a-sandbox.md). */
    BWRAP_PATH: z.preprocess((v) => (v === undefined || v === '' ? 'bwrap' : v), z.string()),
    /** Bearer token that reads /metrics on the app's port (docs/decisions/0207); without it (or METRICS_PORT) /metrics is 404. */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** A port of its own for /metrics, without a token (web and worker alike); keep it off the public network. */
    METRICS_PORT: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), z.number().int().min(1).max(65535).optional()),
    /** Who runs this installation, quoted by the legal pages and the imprint; unset, they say it is not filled in (docs/decisions/0247). */
    OPERATOR_NAME: operatorText,
    OPERATOR_ADDRESS: operatorText,
    OPERATOR_EMAIL: optionalText.pipe(emailAddress.optional()),
    OPERATOR_COMPANY_NUMBER: operatorText,
    OPERATOR_SUPERVISORY_AUTHORITY: operatorText,
    /** false: start only on a current schema, migrated beforehand by `npm run migrate` (docs/decisions/0246). */
    MIGRATE_ON_START: flag(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the built web app lives; the default is the workspace's build output. */
    WEB_DIST_DIR: optionalText,
  })
  .superRefine((env, context) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD && !env.ADMIN_PASSWORD_FILE)
      context.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'needs ADMIN_PASSWORD or ADMIN_PASSWORD_FILE' });
    if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD_FILE)
      context.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD_FILE'],
        message: 'set either ADMIN_PASSWORD or ADMIN_PASSWORD_FILE, not both',
      });
    if (!env.ADMIN_EMAIL && (env.ADMIN_PASSWORD || env.ADMIN_PASSWORD_FILE))
      context.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required with ADMIN_PASSWORD or ADMIN_PASSWORD_FILE' });
    // Without mail nobody could ever confirm, and every new account would keep the guest's allowance (docs/decisions/0191).
    if (env.REQUIRE_EMAIL_CONFIRMATION && !(env.SMTP_URL && (env.MAIL_FROM || env.CONTACT_TO) && env.PUBLIC_URL))
      context.addIssue({
        code: 'custom',
        path: ['REQUIRE_EMAIL_CONFIRMATION'],
        message: 'needs mail set up: SMTP_URL, MAIL_FROM (or CONTACT_TO) and PUBLIC_URL',
      });
    // Payments are on with the secret key; then every other Stripe setting is needed.
    if (!env.STRIPE_SECRET_KEY) return;
    for (const name of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when STRIPE_SECRET_KEY is set' });
    }
    // Swapped or mixed keys fail only at the first payment otherwise; say so at start-up.
    const secretMode = /^(sk|rk)_(test|live)_/.exec(env.STRIPE_SECRET_KEY)?.[2];
    if (!secretMode)
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'must be a secret key (sk_test_…, sk_live_… or a restricted rk_…)',
      });
    const publishableMode = env.STRIPE_PUBLISHABLE_KEY ? /^pk_(test|live)_/.exec(env.STRIPE_PUBLISHABLE_KEY)?.[1] : undefined;
    if (env.STRIPE_PUBLISHABLE_KEY && !publishableMode) {
      context.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'must be a publishable key (pk_test_… or pk_live_…)' });
    }
    if (secretMode && publishableMode && secretMode !== publishableMode) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: `is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key`,
      });
    }
    if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_WEBHOOK_SECRET.startsWith('whsec_')) {
      context.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: "must be the endpoint's signing secret (whsec_…)" });
    }
  });

/** Every setting's name: .env.example and README's settings table list the same ones (server/test/deploy/settings-docs.test.ts). */
export const settingNames: readonly string[] = Object.keys(envSchema.shape);

/** Each setting as it is when unset, before parseEnv's later defaults (storage, the session secret). */
export const settingDefaults = (): Record<string, unknown> => envSchema.parse({});

/** Where results are kept: this machine's DATA_DIR, or an S3-compatible bucket shared by every instance. */
export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

type Settings = z.infer<typeof envSchema> & {
  SESSION_SECRET: string;
  DATA_DIR: string;
  storage: StorageSettings;
  /** ADMIN_EMAIL with its password (from ADMIN_PASSWORD or read from ADMIN_PASSWORD_FILE), or null. */
  operatorAdmin: { email: string; password: string } | null;
};
/** parseEnv's verdict in the type: ROLE web or worker always comes with REDIS_URL. */
export type Env = Settings & ({ ROLE: 'all' } | { ROLE: 'web'; REDIS_URL: string } | { ROLE: 'worker'; REDIS_URL: string });
export type WorkerEnv = Extract<Env, { ROLE: 'worker' }>;

export class EnvError extends Error {}

/**
 * The settings, or a message naming every wrong one and exit 1: what each entry point (main, worker)
 * starts with. `npm run worker` passes role 'worker', whatever ROLE says, so the same rules judge it.
 */
export function loadEnvOrExit(): Env;
export function loadEnvOrExit(role: 'worker'): WorkerEnv;
export function loadEnvOrExit(role?: 'worker'): Env {
  try {
    return parseEnv(role ? { ...process.env, ROLE: role } : process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Lightpix cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Parses the settings once; a bad value throws an EnvError naming every wrong setting. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const storage = storageSettings(env);
  // Several instances need one session secret and one database; a per-instance fallback would split them silently.
  if (env.NODE_ENV === 'production' && (env.REDIS_URL || storage.kind === 's3')) {
    const missing = [!env.SESSION_SECRET && 'SESSION_SECRET', !env.DATABASE_URL && 'DATABASE_URL'].filter(Boolean);
    if (missing.length > 0) {
      throw new EnvError(
        `Running with REDIS_URL or S3 storage means running several instances, which must share settings:\n` +
          missing.map((name) => `  ${name}: required in production when REDIS_URL or S3 storage is set`).join('\n'),
      );
    }
  }
  // Without Redis there is no queue between a web instance and a worker: one process does both.
  if (env.ROLE !== 'all' && !env.REDIS_URL) {
    throw new EnvError(
      `Invalid settings:\n  ROLE: ${env.ROLE} needs REDIS_URL (jobs pass through Redis; npm run worker is always ROLE=worker); ` +
        'on a single machine leave ROLE unset and run npm start alone: it processes jobs itself',
    );
  }
  const operatorAdmin = env.ADMIN_EMAIL
    ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD ?? readAdminPasswordFile(env.ADMIN_PASSWORD_FILE!) }
    : null;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // The ROLE check above is what makes this an Env; the compiler cannot follow it.
  return { ...env, storage, operatorAdmin, DATA_DIR: dataDir, SESSION_SECRET: env.SESSION_SECRET ?? loadOrCreateSecret(dataDir) } as Env;
}

/** STORAGE_URL or the S3_* settings (not both), else the local folder. */
function storageSettings(env: z.infer<typeof envSchema>): StorageSettings {
  const separate = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].some(Boolean);
  if (env.STORAGE_URL && separate)
    throw new EnvError('Invalid settings:\n  STORAGE_URL: set either STORAGE_URL or the S3_* settings, not both');
  if (env.STORAGE_URL) return parseStorageUrl(env.STORAGE_URL);
  if (!separate) return { kind: 'local' };
  if (!env.S3_BUCKET) throw new EnvError('Invalid settings:\n  S3_BUCKET: required when any S3_* setting is set');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError('Invalid settings:\n  S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** s3+https://KEY:SECRET@host[:port]/bucket?region=…&forcePathStyle=true, or s3://bucket for AWS with its own credentials. */
function parseStorageUrl(value: string): StorageSettings {
  const wrong = (why: string) => new EnvError(`Invalid settings:\n  STORAGE_URL: ${why}`);
  const url = URL.parse(value);
  if (!url) throw wrong('is not a URL');
  const query = url.searchParams;
  const region = query.get('region') ?? 'us-east-1';
  const forcePathStyle = ['true', '1'].includes(query.get('forcePathStyle') ?? '');
  if (url.protocol === 's3:') {
    if (!url.hostname) throw wrong('s3://bucket needs a bucket name');
    return {
      kind: 's3',
      endpoint: undefined,
      bucket: url.hostname,
      region,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle,
    };
  }
  if (url.protocol !== 's3+http:' && url.protocol !== 's3+https:') throw wrong('must start with s3://, s3+http:// or s3+https://');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!bucket || bucket.includes('/')) throw wrong('the path must be the bucket name, for example s3+https://host/my-bucket');
  return {
    kind: 's3',
    endpoint: `${url.protocol.slice(3)}//${url.host}`,
    bucket,
    region,
    accessKeyId: url.username ? decodeURIComponent(url.username) : undefined,
    secretAccessKey: url.password ? decodeURIComponent(url.password) : undefined,
    forcePathStyle,
  };
}

/** The password in ADMIN_PASSWORD_FILE, without one trailing newline; an unreadable or short one stops the start. */
function readAdminPasswordFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new EnvError(`Invalid settings:\n  ADMIN_PASSWORD_FILE: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const password = text.replace(/\r?\n$/, '');
  if (password.length < 8) throw new EnvError('Invalid settings:\n  ADMIN_PASSWORD_FILE: the password in it must be at least 8 characters');
  return password;
}

/** Generated once and kept, so sessions survive restarts without any configuration. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
