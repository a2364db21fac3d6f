import type { FastifyInstance } from 'fastify';
import {
  apiPaths,
  batchFieldsSchema,
  MAX_IMAGE_BYTES,
  resultsPageQuerySchema,
  type HistoryResponse,
  type ImageRecord,
  type ResultsResponse,
} from '@lightpix/shared';
import { AppError, fieldRefusal, parseBody } from '../../core/errors.js';
import { readUpload } from '../../http/multipart.js';
import { sendStoredFile } from '../../http/download.js';
import type { PlanTable } from '../plans/index.js';
import { currentVisitor } from '../session/index.js';
import { parseBatchPlace } from './batch-place.js';
import { contentTypeOf, currentResultsOf, downloadName, historyOf, openOwnedResult, removeResult } from '../results/index.js';
import { parseSettings, processUpload } from './upload.js';
import { allowedPlan } from '../quota/index.js';
import type { ImagesDeps } from './produce.js';

/** The image part and the settings, whatever their order: the web client sends the settings first and the file last (processImage.ts). */
const imageUpload = (maxBytes: number) => ({
  field: 'image',
  fallbackName: 'image',
  maxBytes,
  tooLarge: `Images can be up to ${Math.round(maxBytes / 1024 / 1024)} MB.`,
  noun: 'image',
});

export async function imagesRoutes(app: FastifyInstance, deps: ImagesDeps & { plans: PlanTable }) {
  // A full queue is refused before helmet, the session and the body (http/busy-door.ts, docs/decisions/0153).
  app.post(
    apiPaths.processImage,
    { config: { refuseWhenBusy: () => deps.jobs.assertRoom() } },
    async (request, reply): Promise<ImageRecord> => {
      const { upload, fields } = await readUpload(request, imageUpload(MAX_IMAGE_BYTES));
      if (!upload || upload.data.length === 0) {
        throw fieldRefusal('invalid_input', 'Choose an image to upload.', 'image', { code: 'file_required' }, 'An image file is required.');
      }
      // Of a burst that passed the door together, only as many as the queue holds go on to a session and quota (0082, 0270).
      return deps.jobs.admitted(async () => {
        const visitor = await currentVisitor(request, deps.db, { startGuest: true });
        const plan = allowedPlan(deps.plans, visitor);
        const settings = parseSettings(fields, plan);
        const batch = parseBatchPlace(batchFieldsSchema.parse(fields));
        const { record } = await processUpload(deps, visitor, plan, upload, settings, { batch });
        reply.status(201);
        return record;
      });
    },
  );

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
