import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths, changePasswordRequestSchema, deleteAccountRequestSchema } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../core/errors.js';
import type { ResultStore } from '../../storage/result-store.js';
import type { Billing } from '../billing/index.js';
import { currentVisitor } from '../session/index.js';
import { changePassword, checkDeletionPassword, deleteAccount } from './password-and-deletion.js';

async function signedInUser(request: FastifyRequest, db: Database) {
  const { user } = await currentVisitor(request, db);
  if (!user) throw new AppError('not_signed_in', 'Please sign in.');
  return user;
}

/** The signed-in user's own account: a new password, or the account deleted. */
export async function accountRoutes(
  app: FastifyInstance,
  deps: { db: Database; store: ResultStore; billing: Billing | null; now: () => Date },
) {
  const { db, store, billing, now } = deps;
  const from = (request: FastifyRequest) => ({ clientIp: request.ip, now: now() });

  app.post(apiPaths.accountPassword, async (request, reply) => {
    const user = await signedInUser(request, db);
    const input = parseBody(changePasswordRequestSchema, request.body);
    await changePassword(db, user, request.session.sessionId, input.currentPassword, input.newPassword, from(request));
    return reply.status(204).send();
  });

  // Step one of deleting: the password is checked before the page asks for the confirmation; nothing changes.
  app.post(apiPaths.accountDeletionCheck, async (request, reply) => {
    const user = await signedInUser(request, db);
    const { password } = parseBody(deleteAccountRequestSchema, request.body);
    await checkDeletionPassword(db, user, password, from(request));
    return reply.status(204).send();
  });

  app.delete(apiPaths.account, async (request, reply) => {
    const user = await signedInUser(request, db);
    const { password } = parseBody(deleteAccountRequestSchema, request.body);
    await deleteAccount(db, store, billing, user, password, from(request));
    await request.session.destroy();
    return reply.status(204).send();
  });
}
