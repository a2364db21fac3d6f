import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/api/health', async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
