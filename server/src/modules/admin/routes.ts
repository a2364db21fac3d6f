import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminUsersQuerySchema,
  apiPaths,
  adminUserUpdateSchema,
  type AdminContactMessagesResponse,
  type AdminPasswordResetReceipt,
  type AdminStats,
  type AdminUser,
  type AdminUsersResponse,
} from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../errors.js';
import { isAdmin } from '../auth/index.js';
import { listContactMessages } from '../contact/index.js';
import { currentVisitor } from '../session/index.js';
import type { PasswordResetMailer } from '../password-reset/index.js';
import { emailUnavailable } from '../password-reset/index.js';
import { adminStats, listUsers, sendUserResetLink, updateUser } from './service.js';

/** Every /api/admin route sits behind this one guard: 401 signed out, 403 for anyone not an admin. */
async function requireAdmin(request: FastifyRequest, db: Database, adminEmails: readonly string[]): Promise<string> {
  const { user } = await currentVisitor(request, db);
  if (!user) throw new AppError('not_signed_in', 'Please sign in.');
  if (!isAdmin(user, adminEmails)) throw new AppError('forbidden', 'This page is for administrators.');
  return user.id;
}

export interface AdminDeps {
  db: Database;
  adminEmails: readonly string[];
  resetMailer: PasswordResetMailer | null;
  now: () => Date;
}

export async function adminRoutes(app: FastifyInstance, { db, adminEmails, resetMailer, now }: AdminDeps) {
  app.addHook('preHandler', async (request) => {
    request.adminId = await requireAdmin(request, db, adminEmails);
  });

  app.get(apiPaths.adminStats, async (): Promise<AdminStats> => adminStats(db));
  app.get(apiPaths.adminUsers, async (request): Promise<AdminUsersResponse> =>
    listUsers(db, parseBody(adminUsersQuerySchema, request.query)),
  );
  app.patch<{ Params: { id: string } }>(apiPaths.adminUser, async (request): Promise<AdminUser> => {
    const change = adminUserUpdateSchema.safeParse(request.body ?? {});
    if (!change.success) throw new AppError('invalid_input', 'Send isActive (true or false) and/or tier (registered or premium).');
    return updateUser(db, request.adminId!, request.params.id, change.data);
  });
  app.post<{ Params: { id: string }; Body: { language?: unknown } }>(
    apiPaths.adminUserPasswordReset,
    async (request, reply): Promise<AdminPasswordResetReceipt> => {
      if (!resetMailer) throw emailUnavailable();
      const language = typeof request.body?.language === 'string' ? request.body.language : 'en';
      const receipt = await sendUserResetLink(db, resetMailer, request.adminId!, request.params.id, { now: now(), language });
      reply.status(202);
      return receipt;
    },
  );
  app.get(apiPaths.adminContactMessages, async (): Promise<AdminContactMessagesResponse> => listContactMessages(db));
}

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: string;
  }
}
