import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { sendStoredFile } from '../../http/download.js';
import type { ResultStore } from '../../storage/result-store.js';
import { currentVisitor } from '../session/index.js';
import { NOTE_HEADING, planBatchZip } from './zip-plan.js';
import { streamZip } from './zip.js';

export interface BatchesDeps {
  db: Database;
  store: ResultStore;
  now: () => Date;
}

export async function batchesRoutes(app: FastifyInstance, deps: BatchesDeps) {
  // "Download all": one ZIP of a selection's results, streamed from the store (docs/decisions/0045).
  app.get<{ Params: { batchId: string } }>(apiPaths.batchZip, async (request, reply) => {
    const visitor = await currentVisitor(request, deps.db);
    const zip = await planBatchZip(deps, visitor, request.params.batchId);
    return sendStoredFile(reply, streamZip(deps.store, zip.entries, zip.notes, NOTE_HEADING), {
      type: 'application/zip',
      filename: zip.filename,
    });
  });
}
