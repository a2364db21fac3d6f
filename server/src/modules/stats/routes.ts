import type { FastifyInstance } from 'fastify';
import { apiPaths, type StatsResponse } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { countStats } from './figures.js';

/** A landing-page flood should not count rows each time; a minute-old figure is fine. */
const CACHE_MS = 60_000;

export async function statsRoutes(app: FastifyInstance, { db, now }: { db: Database; now: () => Date }) {
  let cached: { at: number; stats: StatsResponse } | null = null;
  app.get(apiPaths.stats, async (_request, reply): Promise<StatsResponse> => {
    const at = now().getTime();
    if (!cached || at - cached.at >= CACHE_MS || at < cached.at) cached = { at, stats: await countStats(db, new Date(at)) };
    reply.header('Cache-Control', 'public, max-age=60');
    return cached.stats;
  });
}
