import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminUsersQuerySchema, adminUserUpdateSchema, type AdminContactMessagesResponse, type AdminStats, type AdminUser, type AdminUsersResponse } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../errors.js';
import { isAdmin } from '../auth/service.js';
import { listContactMessages } from '../contact/service.js';
import { currentVisitor } from '../session/service.js';
import { adminStats, listUsers, updateUser } from './service.js';

/** Every /api/admin route sits behind this one guard: 401 signed out, 403 for anyone not an admin. */
async function requireAdmin(request: FastifyRequest, db: Database, adminEmails: readonly string[]): Promise<string> {
  const { user } = await currentVisitor(request, db);
  if (!user) throw new AppError('not_signed_in', 'Please sign in.');
  if (!isAdmin(user, adminEmails)) throw new AppError('forbidden', 'This page is for administrators.');
  return user.id;
}

export async function adminRoutes(app: FastifyInstance, { db, adminEmails }: { db: Database; adminEmails: readonly string[] }) {
  app.addHook('preHandler', async (request) => {
    request.adminId = await requireAdmin(request, db, adminEmails);
  });

  app.get('/api/admin/stats', async (): Promise<AdminStats> => adminStats(db));
  app.get('/api/admin/users', async (request): Promise<AdminUsersResponse> => listUsers(db, parseBody(adminUsersQuerySchema, request.query)));
  app.patch<{ Params: { id: string } }>('/api/admin/users/:id', async (request): Promise<AdminUser> => {
    const change = adminUserUpdateSchema.safeParse(request.body ?? {});
    if (!change.success) throw new AppError('invalid_input', 'Send isActive (true or false) and/or tier (registered or premium).');
    return updateUser(db, request.adminId!, request.params.id, change.data);
  });
  app.get('/api/admin/contact-messages', async (): Promise<AdminContactMessagesResponse> => listContactMessages(db));
}

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: string;
  }
}
