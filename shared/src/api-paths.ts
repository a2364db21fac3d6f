/**
 * Every path of the server's HTTP API, in one table: the server registers these and the web app fetches them,
 * so neither side spells an `/api/...` path of its own (`scripts/api-paths.test.ts` holds both to it).
 * A `:name` segment is a parameter: the server registers the pattern as it stands, callers fill it with `apiPath`.
 */
export const apiPaths = {
  health: '/api/health',
  /** The process answers (with its version); ready: every part it needs answers (docs/decisions/0206). */
  healthLive: '/api/health/live',
  healthReady: '/api/health/ready',
  plans: '/api/plans',
  stats: '/api/stats',
  session: '/api/session/current',

  register: '/api/auth/register',
  login: '/api/auth/login',
  currentUser: '/api/auth/user',
  /** POST signs out (a form, under the Origin check); GET leads to the page that asks first. */
  logout: '/api/auth/logout',
  /** The older sign-out address, kept for links and bookmarks; it behaves as `logout`. */
  oldLogout: '/api/logout',
  /** The full-page sign-in before an upgrade; it sends on to /auth with ?redirect=. */
  loginPage: '/api/login',
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  /** POST follows a mailed confirmation link (an e-mail address, or the admin role ADMIN_EMAILS offers). */
  confirmationFollow: '/api/auth/confirm',
  /** POST mails the signed-in user a new link to confirm their e-mail address. */
  emailConfirmation: '/api/auth/email-confirmation',

  account: '/api/account',
  accountPassword: '/api/account/password',
  /** POST checks the password before the page asks to confirm a deletion; nothing changes. */
  accountDeletionCheck: '/api/account/deletion-check',
  /** GET the newest "Download my data" export; POST asks for a new one (docs/decisions/0250). */
  accountExport: '/api/account/export',
  /** The export's ZIP, for its signed-in owner only, until it expires. */
  accountExportDownload: '/api/account/export/:id/download',

  processImage: '/api/images/process',
  history: '/api/images/history',
  /** The visitor's unexpired results, guests included, newest first. */
  results: '/api/images/results',
  /** DELETE removes one result and its stored file. */
  result: '/api/images/:id',
  resultDownload: '/api/images/:id/download',
  /** One ZIP of a batch's completed results, only for their owner. */
  batchZip: '/api/batches/:batchId/zip',
  processDeck: '/api/presentations/process',
  deck: '/api/presentations/:id',

  subscription: '/api/subscription',
  subscriptionCreate: '/api/subscription/create',
  subscriptionCancel: '/api/subscription/cancel',
  subscriptionResume: '/api/subscription/resume',
  subscriptionPortal: '/api/subscription/portal',
  stripeWebhook: '/api/stripe/webhook',

  contact: '/api/contact',
  contactInfo: '/api/contact/info',

  keys: '/api/keys',
  key: '/api/keys/:id',

  adminStats: '/api/admin/stats',
  adminUsers: '/api/admin/users',
  adminUser: '/api/admin/users/:id',
  adminUserPasswordReset: '/api/admin/users/:id/password-reset',
  adminContactMessages: '/api/admin/contact-messages',
  adminContactMessage: '/api/admin/contact-messages/:id',
  adminAudit: '/api/admin/audit',

  /** The Tinify-compatible developer API (under DEVELOPER_API_PREFIX); shrink and output also answer at the root. */
  developerShrink: '/api/v1/shrink',
  developerOutput: '/api/v1/output/:id',
  developerUsage: '/api/v1/usage',
  developerOpenApi: '/api/v1/openapi.json',
  /** Anything else under the developer API: Tinify's own 404. */
  developerUnknown: '/api/v1/*',
} as const;

export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** Everything under this prefix is the API: the server answers it, never the web app's pages. */
export const API_PREFIX = '/api/';
/** Where the Tinify-compatible developer API lives. */
export const DEVELOPER_API_PREFIX = '/api/v1';

/** The names of a path pattern's `:name` parameters. */
type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** A parameterised path with its parameters filled in (each one URL-encoded): `apiPath(apiPaths.result, { id })`. */
export function apiPath<Pattern extends ApiPath>(pattern: Pattern, params: Record<ParamsOf<Pattern>, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent((params as Record<string, string>)[name]!));
}

/** A developer API path without its prefix: shrink and output answer there too, so Tinify's own clients work by changing only the host (docs/decisions/0051). */
export const tinifyRootPath = (path: ApiPath) => path.slice(DEVELOPER_API_PREFIX.length);

/** The query string of one page of results or history (resultsPageQuerySchema reads it). */
export function resultsPageSearch(query: { readonly cursor?: string; readonly kind?: 'image' | 'deck' }): string {
  const params = [query.kind && `kind=${query.kind}`, query.cursor && `cursor=${encodeURIComponent(query.cursor)}`].filter(Boolean);
  return params.length > 0 ? `?${params.join('&')}` : '';
}
