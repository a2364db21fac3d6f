import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import {
  API_KEY_REQUESTS_PER_MINUTE,
  apiPaths,
  DEVELOPER_API_PREFIX,
  MAX_IMAGE_BYTES,
  tinifyRootPath,
  outputOptionsSchema,
  shrinkFromUrlSchema,
  type ApiUsage,
  type ShrinkResponse,
} from '@lightpix/shared';
import { AppError } from '../../core/errors.js';
import { originOf } from '../../http/public-origin.js';
import { sendStoredFile } from '../../http/download.js';
import type { ImagesDeps } from '../images/index.js';
import { hashKey } from '../keys/index.js';
import type { PlanTable } from '../plans/index.js';
import { quotaUsage } from '../quota/index.js';
import { authenticate, identifyCaller, presentedKey, type ApiCaller } from './auth.js';
import { fetchSourceImage, parseAllowList, SourceUrlError, type Resolve } from '../fetch/index.js';
import { TinifyError, toTinifyError } from './errors.js';
import { openApiDocument } from './openapi.js';
import { assertInput, changesImage, planTransform, readOutput, shrink, transformOutput, usageOf, type StoredOutput } from './outputs.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
  }
}

export interface DeveloperApiDeps extends ImagesDeps {
  plans: PlanTable;
  publicUrl: string | undefined;
  /** SOURCE_URL_ALLOW: private `host:port` pairs fromUrl may fetch. */
  sourceUrlAllow?: string;
  /** Tests play DNS for fromUrl with this. */
  resolveSourceHost?: Resolve;
  /** Where the limits are counted (Redis, shared by every instance) when not in this process. */
  limits?: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'>;
}

/** Wrong keys per address per minute before that address is slowed down. */
const FAILED_KEYS_PER_MINUTE = 20;
/** How long each wrong key waits for its 401 once its address is over the limit (docs/decisions/0137). */
const WRONG_KEY_DELAY_MS = 1000;
const JSON_BODY_LIMIT = 64 * 1024;

/** Tinify's paths under the prefix, and their root copies that let Tinify's own clients work by changing only the host (docs/decisions/0051). */
const PLACES = [
  { prefix: DEVELOPER_API_PREFIX, at: (path: string) => path },
  { prefix: '', at: tinifyRootPath },
] as const;

/**
 * The Tinify-compatible API: its own scope, so no session cookie, no Origin check and no multipart reach
 * it, the raw-body parser serves only these routes, and errors keep Tinify's shape.
 */
export async function developerApiRoutes(app: FastifyInstance, deps: DeveloperApiDeps) {
  const { db, plans } = deps;
  app.decorateRequest('apiCaller', null);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    app.getDefaultJsonParser('error', 'ignore'),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) => done(null, body));

  await app.register(fastifyRateLimit, {
    ...deps.limits,
    max: API_KEY_REQUESTS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => {
      const key = presentedKey(request.headers.authorization);
      return key ? `api-key:${hashKey(key)}` : `api-ip:${request.ip}`;
    },
    // Tinify's clients read 429 as a spent month and never retry; a burst is a busy moment, which they retry (docs/decisions/0137).
    errorResponseBuilder: (_request, context) =>
      TinifyError.named('ServiceUnavailable', `Too many requests with this key right now. Please retry in ${context.after}.`, {
        'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
  const failedKeys = app.createRateLimit({
    max: FAILED_KEYS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `api-failed:${request.ip}`,
  });

  const sourceOptions = { allow: parseAllowList(deps.sourceUrlAllow), maxBytes: MAX_IMAGE_BYTES, resolve: deps.resolveSourceHost };

  /** The image of a JSON body `{"source":{"url"}}`, fetched like an upload's bytes arrive (docs/decisions/0135). */
  async function fetchSource(body: unknown): Promise<Buffer> {
    const parsed = shrinkFromUrlSchema.safeParse(body);
    if (!parsed.success)
      throw TinifyError.named('BadRequest', 'Send the image bytes as the request body, or JSON {"source": {"url": "https://…"}}.');
    return fetchSourceImage(parsed.data.source.url, sourceOptions).catch((error: unknown) => {
      if (!(error instanceof SourceUrlError)) throw error;
      if (error.reason === 'too_large') throw new AppError('file_too_large', error.message);
      throw TinifyError.named(error.reason === 'refused' ? 'SourceUrlRefused' : 'SourceUrlUnreachable', error.message);
    });
  }

  async function caller(request: FastifyRequest): Promise<ApiCaller> {
    try {
      request.apiCaller = await authenticate(request, db, plans, deps.now());
      return request.apiCaller;
    } catch (error) {
      const attempt = await failedKeys(request);
      // A wrong key stays a 401 (a 429 would read as "valid key, month spent" to Tinify's validate()); guessing is slowed instead.
      if (!attempt.isAllowed && attempt.isExceeded) await setTimeout(WRONG_KEY_DELAY_MS);
      throw error;
    }
  }

  app.setErrorHandler((error, request, reply) => {
    const tinify = toTinifyError(error);
    if (!tinify) {
      request.log.error({ err: error }, 'unhandled API error');
      return reply.status(500).send({ error: 'InternalServerError', message: 'Something went wrong on our side. Please try again.' });
    }
    // Busy is answered on purpose, not a fault: one line, no stack.
    if ((error instanceof AppError && error.code === 'server_busy') || tinify.kind === 'ServiceUnavailable')
      request.log.warn({ code: tinify.kind }, tinify.message);
    else if (tinify.status >= 500) request.log.error({ err: error }, tinify.kind);
    return reply.status(tinify.status).headers(tinify.headers).send(tinify.body);
  });

  /** A shrink or transform that made a result counted its owner's units as it reserved it: counted once (docs/decisions/0270). */
  const sendCount = (reply: FastifyReply, unitsUsed: number | null | undefined) => {
    if (typeof unitsUsed === 'number') reply.header('Compression-Count', String(unitsUsed));
  };

  // Tinify sends the month's count on every answer; a call without a valid key gets 0.
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('Compression-Count')) return;
    const owner = request.apiCaller ?? (await identifyCaller(request, db, plans).catch(() => null));
    const count = owner ? (await quotaUsage(db, owner.plan, owner.owner, deps.now())).used : 0;
    reply.header('Compression-Count', String(count));
  });

  // An output's body is the image, so its search and look travel as headers beside Tinify's own (decision 0156).
  const sendImage = (reply: FastifyReply, output: StoredOutput) =>
    sendStoredFile(reply, output.body, {
      type: output.type,
      size: output.size,
      extra: {
        'Image-Width': output.width,
        'Image-Height': output.height,
        ...(output.similarity === null ? {} : { 'Image-Similarity': output.similarity }),
        ...(output.search === null ? {} : { 'Image-Search': output.search }),
      },
    });

  for (const { prefix, at } of PLACES) {
    // A full queue is refused before the upload is read.
    app.post(
      at(apiPaths.developerShrink),
      { config: { refuseWhenBusy: () => deps.jobs.assertRoom() } },
      async (request, reply): Promise<ShrinkResponse> => {
        const who = await caller(request);
        const data = Buffer.isBuffer(request.body) || request.body === undefined ? request.body : await fetchSource(request.body);
        assertInput(data);
        const base = `${originOf(request, deps.publicUrl)}${prefix}`;
        // The image has arrived: it holds a place in the queue until its job takes it (docs/decisions/0082, 0270).
        const { id, response, unitsUsed } = await deps.jobs.admitted(() => shrink(deps, who, data, base));
        sendCount(reply, unitsUsed);
        return reply.status(201).header('Location', `${base}/output/${id}`).send(response);
      },
    );

    app.get<{ Params: { id: string } }>(at(apiPaths.developerOutput), async (request, reply) => {
      const who = await caller(request);
      return sendImage(reply, await readOutput(deps, who, request.params.id));
    });

    app.post<{ Params: { id: string } }>(at(apiPaths.developerOutput), async (request, reply) => {
      const who = await caller(request);
      const parsed = outputOptionsSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw TinifyError.named('BadRequest', parsed.error.issues.map((issue) => issue.message).join(' '));
      const planned = changesImage(parsed.data) ? await planTransform(deps, who, request.params.id, parsed.data) : null;
      // A transform makes a result: checked first, then it holds a place in the queue like an upload (0270).
      const output = planned
        ? await deps.jobs.admitted(() => transformOutput(deps, who, planned))
        : await readOutput(deps, who, request.params.id);
      sendCount(reply, output.unitsUsed);
      return sendImage(reply, output);
    });
  }

  app.get(apiPaths.developerUsage, async (request, reply): Promise<ApiUsage> => {
    const who = await caller(request);
    reply.header('Cache-Control', 'no-store');
    return usageOf(deps, who);
  });

  app.get(apiPaths.developerOpenApi, async (request) => openApiDocument(`${originOf(request, deps.publicUrl)}${DEVELOPER_API_PREFIX}`));

  const noSuchEndpoint = async () => {
    throw TinifyError.named('NotFound', 'There is no such API endpoint. See /developers.');
  };
  app.all(apiPaths.developerUnknown, noSuchEndpoint);
  // Tinify's root paths are the API's too: another method, or a path that only begins like them, is the API's JSON 404,
  // never the web app's page (docs/decisions/0233-the-apis-root-paths-answer-as-the-api.md).
  for (const path of [apiPaths.developerShrink, apiPaths.developerOutput]) {
    const root = tinifyRootPath(path).replace(/\/:id$/, '');
    app.all(`${root}*`, noSuchEndpoint);
  }
}
