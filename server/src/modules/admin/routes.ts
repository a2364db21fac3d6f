import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminAuditQuerySchema,
  adminContactQuerySchema,
  adminContactUpdateSchema,
  adminDeleteUserSchema,
  adminUsersQuerySchema,
  apiPaths,
  adminUserUpdateSchema,
  type AdminAuditResponse,
  type AdminContactMessage,
  type AdminContactMessagesResponse,
  type AdminPasswordResetReceipt,
  type AdminStats,
  type AdminUser,
  type AdminUsersResponse,
} from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../core/errors.js';
import { isAdmin } from '../auth/index.js';
import { deleteContactMessage, listContactMessages, setContactMessageHandled } from '../contact/index.js';
import { currentVisitor } from '../session/index.js';
import type { PasswordResetMailer } from '../password-reset/index.js';
import { emailUnavailable } from '../password-reset/index.js';
import type { ResultStore } from '../../storage/result-store.js';
import type { Billing } from '../billing/index.js';
import { listAudit, recordAudit } from './audit.js';
import { adminStats, deleteUserBySupport, listUsers, sendUserResetLink, updateUser } from './users.js';

/** Every /api/admin route sits behind this one guard: 401 signed out, 403 for anyone not an admin. */
async function requireAdmin(request: FastifyRequest, db: Database): Promise<string> {
  const { user } = await currentVisitor(request, db);
  if (!user) throw new AppError('not_signed_in', 'Please sign in.');
  if (!isAdmin(user)) throw new AppError('forbidden', 'This page is for administrators.');
  return user.id;
}

export interface AdminDeps {
  db: Database;
  resetMailer: PasswordResetMailer | null;
  store: ResultStore;
  billing: Billing | null;
  now: () => Date;
}

const noMessage = () => new AppError('not_found', 'This message does not exist.');

export async function adminRoutes(app: FastifyInstance, { db, resetMailer, store, billing, now }: AdminDeps) {
  app.addHook('preHandler', async (request) => {
    request.adminId = await requireAdmin(request, db);
  });

  app.get(apiPaths.adminStats, async (): Promise<AdminStats> => adminStats(db));
  app.get(apiPaths.adminUsers, async (request): Promise<AdminUsersResponse> =>
    listUsers(db, parseBody(adminUsersQuerySchema, request.query)),
  );
  app.patch<{ Params: { id: string } }>(apiPaths.adminUser, async (request): Promise<AdminUser> => {
    const change = adminUserUpdateSchema.safeParse(request.body ?? {});
    if (!change.success) throw new AppError('invalid_input', 'Send isActive (true or false) and/or tier (registered or premium).');
    return updateUser(db, request.adminId!, request.params.id, change.data, now());
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
  app.delete<{ Params: { id: string } }>(apiPaths.adminUser, async (request, reply) => {
    const { confirmEmail } = parseBody(adminDeleteUserSchema, request.body);
    await deleteUserBySupport(db, store, billing, request.adminId!, request.params.id, confirmEmail, now());
    return reply.status(204).send();
  });
  app.get(apiPaths.adminAudit, async (request): Promise<AdminAuditResponse> =>
    listAudit(db, parseBody(adminAuditQuerySchema, request.query)),
  );

  // The contact inbox (docs/decisions/0197): read, mark handled or open again, delete; each change audited.
  app.get(apiPaths.adminContactMessages, async (request): Promise<AdminContactMessagesResponse> =>
    listContactMessages(db, parseBody(adminContactQuerySchema, request.query)),
  );
  app.patch<{ Params: { id: string } }>(apiPaths.adminContactMessage, async (request): Promise<AdminContactMessage> => {
    const { handled } = parseBody(adminContactUpdateSchema, request.body);
    return db.transaction(async (tx) => {
      const changed = await setContactMessageHandled(tx, request.params.id, handled, request.adminId!, now());
      if (!changed) throw noMessage();
      await recordAudit(tx, {
        actor: request.adminId!,
        action: handled ? 'contact_message_handled' : 'contact_message_reopened',
        targetMessageId: request.params.id,
        before: { handledAt: changed.before },
        change: { handledAt: changed.message.handledAt },
        at: now(),
      });
      return changed.message;
    });
  });
  app.delete<{ Params: { id: string } }>(apiPaths.adminContactMessage, async (request, reply) => {
    await db.transaction(async (tx) => {
      if (!(await deleteContactMessage(tx, request.params.id))) throw noMessage();
      await recordAudit(tx, {
        actor: request.adminId!,
        action: 'contact_message_deleted',
        targetMessageId: request.params.id,
        change: { deleted: true },
        at: now(),
      });
    });
    return reply.status(204).send();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: string;
  }
}
