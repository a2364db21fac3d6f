import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths, createApiKeyRequestSchema, MAX_API_KEYS, type ApiKeysResponse, type CreatedApiKey } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { AppError, parseBody } from '../../core/errors.js';
import { currentVisitor } from '../session/index.js';
import { createKey, listKeys, revokeKey } from './api-keys.js';

export interface KeysDeps {
  db: Database;
  now: () => Date;
}

/** Key management is for signed-in people in the browser: cookie session and the Origin check, never a key. */
export async function keysRoutes(app: FastifyInstance, deps: KeysDeps) {
  const { db, now } = deps;

  async function signedInUserId(request: FastifyRequest): Promise<string> {
    const visitor = await currentVisitor(request, db);
    if (!visitor.userId) throw new AppError('not_signed_in', 'Sign in to manage your API keys.');
    return visitor.userId;
  }

  app.get(apiPaths.keys, async (request, reply): Promise<ApiKeysResponse> => {
    const userId = await signedInUserId(request);
    reply.header('Cache-Control', 'no-store');
    return { keys: await listKeys(db, userId, now()), maxKeys: MAX_API_KEYS };
  });

  app.post(apiPaths.keys, async (request, reply): Promise<CreatedApiKey> => {
    const userId = await signedInUserId(request);
    const { name } = parseBody(createApiKeyRequestSchema, request.body);
    const created = await createKey(db, userId, name, now());
    reply.status(201).header('Cache-Control', 'no-store');
    return created;
  });

  app.delete<{ Params: { id: string } }>(apiPaths.key, async (request, reply) => {
    const userId = await signedInUserId(request);
    await revokeKey(db, userId, request.params.id, now());
    return reply.status(204).send();
  });
}
