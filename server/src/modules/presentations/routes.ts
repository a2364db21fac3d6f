import { allowedPlan } from '../quota/index.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPath, apiPaths, presentationFieldsSchema, type ImageRecord } from '@lightpix/shared';
import { fieldRefusal, parseBody } from '../../core/errors.js';
import type { PlanTable } from '../plans/index.js';
import { currentVisitor } from '../session/index.js';
import { readUpload } from '../../http/multipart.js';
import { assertPowerpointAllowed, deckStatus, processDeck, type PresentationsDeps } from './decks.js';

/** The `file` part (up to the plan's deck size) and the text fields, in any order. */
const deckUpload = (maxBytes: number) => ({
  field: 'file',
  fallbackName: 'presentation',
  maxBytes,
  tooLarge: `Decks can be up to ${Math.round(maxBytes / 1024 / 1024)} MB.`,
  noun: 'deck',
});

/** RFC 7240: a client that would rather poll than hold the request open while its deck is optimised. */
const wantsAsync = (request: FastifyRequest) => /(^|[,;\s])respond-async\b/i.test(String(request.headers.prefer ?? ''));

export async function presentationsRoutes(app: FastifyInstance, deps: PresentationsDeps & { plans: PlanTable }) {
  // A full queue is refused before a deck of up to the plan's size is read, or a session touched (http/busy-door.ts, 0153).
  app.post(
    apiPaths.processDeck,
    { config: { refuseWhenBusy: () => deps.jobs.assertRoom() } },
    async (request, reply): Promise<ImageRecord> => {
      const visitor = await currentVisitor(request, deps.db);
      const plan = allowedPlan(deps.plans, visitor);
      assertPowerpointAllowed(plan);
      const { upload, fields } = await readUpload(request, deckUpload(plan.maxPresentationBytes));
      if (!upload || upload.data.length === 0) {
        throw fieldRefusal(
          'invalid_input',
          'Choose a .pptx or .ppt deck to upload.',
          'file',
          { code: 'file_required' },
          'A deck file is required.',
        );
      }
      const { target } = parseBody(presentationFieldsSchema, fields);
      // The deck has arrived: it holds a place in the queue until its job takes it (0082, 0270).
      return deps.jobs.admitted(async () => {
        if (wantsAsync(request)) {
          const started = await processDeck(deps, visitor, plan, upload, target, 'start');
          reply
            .status(202)
            .header('Location', apiPath(apiPaths.deck, { id: started.id }))
            .header('Preference-Applied', 'respond-async');
          return started;
        }
        const record = await processDeck(deps, visitor, plan, upload, target);
        reply.status(201);
        return record;
      });
    },
  );

  // A started deck: 'processing', then 'completed' with its download; a failed one answers its error.
  app.get<{ Params: { id: string } }>(apiPaths.deck, async (request, reply): Promise<ImageRecord> => {
    const visitor = await currentVisitor(request, deps.db);
    reply.header('Cache-Control', 'no-store');
    return deckStatus(deps, visitor, request.params.id);
  });
}
