import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPaths, SIGN_OUT_PAGE, loginRequestSchema, registerRequestSchema, safeRedirect, type CurrentUser } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { parseBody } from '../../core/errors.js';
import { currentVisitor, findUser } from '../session/index.js';
import { signIn } from './sign-in.js';
import { adoptGuestResults } from '../results/index.js';
import { registerUser, toCurrentUser, verifyCredentials } from './credentials.js';
import { byAddress } from '../../http/rate-limit.js';
import type { Confirmations } from '../confirmations/index.js';
import type { PlanTable } from '../plans/index.js';
import { deviceOf, takeSignUp, type SignUpLimits } from './sign-up-limits.js';

export interface AuthDeps {
  db: Database;
  plans: PlanTable;
  confirmations: Confirmations;
  signUpLimits: SignUpLimits;
  /** The device cookie is Secure when the public address is https. */
  secureCookies: boolean;
  now: () => Date;
}

const REGISTER_PER_IP = { max: 10, timeWindow: '1 hour', keyGenerator: byAddress };

export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, plans, confirmations, now } = deps;

  app.post(apiPaths.register, { config: { rateLimit: REGISTER_PER_IP } }, async (request, reply): Promise<CurrentUser> => {
    const input = parseBody(registerRequestSchema, request.body);
    const visitor = await currentVisitor(request, db);
    // One person, one free allowance: accounts per address and per device (docs/decisions/0191).
    const deviceId = deviceOf(request, reply, deps.secureCookies);
    const signUp = await takeSignUp(db, deps.signUpLimits, { clientIp: request.ip, deviceId }, now());
    const user = await registerUser(db, input).catch(async (error: unknown) => {
      await signUp.undo();
      throw error;
    });
    if (!visitor.userId) await adoptGuestResults(db, visitor.guestSessionId, user.id);
    await signIn(request, user.id);
    confirmations.afterSignUp(user, input.language ?? 'en');
    reply.status(201);
    return toCurrentUser(user, plans);
  });

  // Wrong passwords only are limited, per account and address (password-attempts.ts, docs/decisions/0188).
  app.post(apiPaths.login, async (request): Promise<CurrentUser> => {
    const credentials = parseBody(loginRequestSchema, request.body);
    const user = await verifyCredentials(db, credentials, { clientIp: request.ip, now: now() });
    await signIn(request, user.id);
    confirmations.afterSignIn(user, credentials.language ?? 'en');
    return toCurrentUser(user, plans);
  });

  // Signed out is an answer, not an error: 200 null, so no page logs a failed request (docs/decisions/0055).
  app.get(apiPaths.currentUser, async (request, reply): Promise<CurrentUser | null> => {
    reply.header('Cache-Control', 'no-store');
    const userId = request.session.get('userId');
    const user = userId ? await findUser(db, userId) : null;
    if (!user || !user.isActive) return null;
    return toCurrentUser(user, plans);
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
