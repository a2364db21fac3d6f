import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPaths, SIGN_OUT_PAGE, loginRequestSchema, registerRequestSchema, safeRedirect, type CurrentUser } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../errors.js';
import { currentVisitor, findUser } from '../session/index.js';
import { signIn } from './sign-in.js';
import { adoptGuestResults, registerUser, toCurrentUser, verifyCredentials } from './service.js';
import { byAddress } from '../../rate-limit.js';

export interface AuthDeps {
  db: Database;
  adminEmails: readonly string[];
}

/** Sign-in attempts per client address, and per account whatever the address. */
const SIGN_IN_PER_IP = { max: 20, timeWindow: '15 minutes', keyGenerator: byAddress };
const SIGN_IN_PER_ACCOUNT = { max: 10, timeWindow: '15 minutes' };
const REGISTER_PER_IP = { max: 10, timeWindow: '1 hour', keyGenerator: byAddress };

export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, adminEmails } = deps;

  app.post(apiPaths.register, { config: { rateLimit: REGISTER_PER_IP } }, async (request, reply): Promise<CurrentUser> => {
    const input = parseBody(registerRequestSchema, request.body);
    const visitor = await currentVisitor(request, db);
    const user = await registerUser(db, input);
    if (!visitor.userId) await adoptGuestResults(db, visitor.guestSessionId, user.id);
    await signIn(request, user.id);
    reply.status(201);
    return toCurrentUser(user, adminEmails);
  });

  // Per account, across addresses: the route's own limit already counts per address.
  const accountAttempts = app.createRateLimit({
    ...SIGN_IN_PER_ACCOUNT,
    keyGenerator: (request) =>
      `account:${String((request.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });

  app.post(apiPaths.login, { config: { rateLimit: SIGN_IN_PER_IP } }, async (request): Promise<CurrentUser> => {
    const attempt = await accountAttempts(request);
    if (!attempt.isAllowed && attempt.isExceeded) {
      throw new AppError('rate_limited', 'Too many sign-in attempts for this account. Please wait and try again.', undefined, {
        'Retry-After': String(attempt.ttlInSeconds),
      }).withParams({ reason: 'sign_in' });
    }
    const credentials = parseBody(loginRequestSchema, request.body);
    const user = await verifyCredentials(db, credentials);
    await signIn(request, user.id);
    return toCurrentUser(user, adminEmails);
  });

  // Signed out is an answer, not an error: 200 null, so no page logs a failed request (docs/decisions/0055).
  app.get(apiPaths.currentUser, async (request, reply): Promise<CurrentUser | null> => {
    reply.header('Cache-Control', 'no-store');
    const userId = request.session.get('userId');
    const user = userId ? await findUser(db, userId) : null;
    if (!user || !user.isActive) return null;
    return toCurrentUser(user, adminEmails);
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session.get('userId') || request.session.get('guestSessionId')) await request.session.destroy();
    return reply.redirect('/', 303);
  };
  // Signing out is a write: a form's POST under the Origin check, so no other site can sign anyone out.
  await app.register(async (forms) => {
    // The sign-out form sends an empty form body; nothing in it is read.
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
    forms.post(apiPaths.logout, logout);
    forms.post(apiPaths.oldLogout, logout);
  });
  // Old links and bookmarks: a page that asks, with a button that posts.
  const askFirst = async (_request: FastifyRequest, reply: FastifyReply) => reply.redirect(SIGN_OUT_PAGE, 303);
  app.get(apiPaths.logout, askFirst);
  app.get(apiPaths.oldLogout, askFirst);

  /** Sign-in before an upgrade: the page to come back to travels as ?redirect=. */
  app.get<{ Querystring: { redirect?: string } }>(apiPaths.loginPage, async (request, reply) => {
    const back = safeRedirect(request.query.redirect);
    return reply.redirect(back === '/' ? '/auth' : `/auth?redirect=${encodeURIComponent(back)}`, 302);
  });
}
