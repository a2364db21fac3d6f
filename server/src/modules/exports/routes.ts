import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths, dataExportRequestSchema } from '@lightpix/shared';
import { sendStoredFile } from '../../http/download.js';
import { AppError, parseBody } from '../../core/errors.js';
import type { ExportQueue } from '../../jobs/export-jobs.js';
import { currentVisitor } from '../session/index.js';
import { exportStatus, openExport, requestExport, type ExportsDeps } from './requests.js';

/** "Download my data" on the account page (docs/decisions/0250): ask, follow its progress, download it. */
export async function exportsRoutes(app: FastifyInstance, deps: ExportsDeps & { queue: ExportQueue }) {
  const signedInUser = async (request: FastifyRequest) => {
    const { user } = await currentVisitor(request, deps.db);
    if (!user) throw new AppError('not_signed_in', 'Please sign in.');
    return user;
  };

  app.get(apiPaths.accountExport, async (request) => {
    const user = await signedInUser(request);
    return exportStatus(deps, user.id);
  });

  app.post(apiPaths.accountExport, async (request, reply) => {
    const user = await signedInUser(request);
    const { language } = parseBody(dataExportRequestSchema, request.body ?? {});
    const started = await requestExport(deps, deps.queue, user, language ?? 'en');
    return reply.status(202).send({ export: started, keptHours: deps.retentionHours });
  });

  app.get<{ Params: { id: string } }>(apiPaths.accountExportDownload, async (request, reply) => {
    const user = await signedInUser(request);
    const zip = await openExport(deps, user.id, request.params.id);
    return sendStoredFile(reply, zip.body, { type: 'application/zip', size: zip.size, filename: zip.filename });
  });
}
