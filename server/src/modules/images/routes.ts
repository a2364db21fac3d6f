import type { FastifyInstance } from 'fastify';
import { apiPaths, resultsPageQuerySchema, type HistoryResponse, type ResultsResponse } from '@lightpix/shared';
import { AppError, parseBody } from '../../core/errors.js';
import { sendStoredFile } from '../../http/download.js';
import type { PlanTable } from '../plans/index.js';
import { currentVisitor } from '../session/index.js';
import { contentTypeOf, currentResultsOf, downloadName, historyOf, openOwnedResult, removeResult } from '../results/index.js';
import { uploadRoute, type ImagesDeps } from './upload.js';

/** The image page's routes: the upload (upload.ts), the lists, a download, a removal. */
export async function imagesRoutes(app: FastifyInstance, deps: ImagesDeps & { plans: PlanTable }) {
  uploadRoute(app, deps);

  app.get(apiPaths.history, async (request, reply): Promise<HistoryResponse> => {
    const visitor = await currentVisitor(request, deps.db);
    if (!visitor.userId) throw new AppError('not_signed_in', 'Sign in to see your history.');
    reply.header('Cache-Control', 'no-store');
    return historyOf(deps.db, visitor.userId, deps.now(), parseBody(resultsPageQuerySchema, request.query));
  });

  // Guests too: a reload must not lose what is still waiting for download (docs/decisions/0046).
  app.get(apiPaths.results, async (request, reply): Promise<ResultsResponse> => {
    const visitor = await currentVisitor(request, deps.db);
    reply.header('Cache-Control', 'no-store');
    return currentResultsOf(deps.db, visitor, deps.now(), parseBody(resultsPageQuerySchema, request.query));
  });

  app.delete<{ Params: { id: string } }>(apiPaths.result, async (request, reply) => {
    await removeResult(deps, await currentVisitor(request, deps.db), request.params.id);
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>(apiPaths.resultDownload, async (request, reply) => {
    // 410 is true at once: a late file goes now, not at the next sweep (modules/results).
    const { row, body } = await openOwnedResult(deps, await currentVisitor(request, deps.db), request.params.id);
    return sendStoredFile(reply, body, {
      type: contentTypeOf(row),
      size: row.processedSize,
      filename: downloadName(row.originalName, row.format),
    });
  });
}
