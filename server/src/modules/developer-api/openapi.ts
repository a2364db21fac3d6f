import { z } from 'zod';
import { apiErrorSchema, apiUsageSchema, outputOptionsSchema, shrinkFromUrlSchema, shrinkResponseSchema } from '@lightpix/shared';

/** A request or response schema as JSON Schema (2020-12, which OpenAPI 3.1 uses), from the zod schema the routes use. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const countHeader = {
  'Compression-Count': {
    description: 'Compressions counted this month (UTC) for the key owner, web and API together.',
    schema: { type: 'integer' },
  },
};

const imageResponse = (description: string) => ({
  description,
  headers: {
    ...countHeader,
    'Image-Width': { schema: { type: 'integer' } },
    'Image-Height': { schema: { type: 'integer' } },
    'Image-Similarity': {
      description:
        "How like its source the image looks: the engine's colour SSIM at page size (at most 1600 px), 0 to 1, as output.similarity. Absent when not recorded.",
      schema: { type: 'number' },
    },
    'Image-Search': {
      description:
        '"complete", or "cut short" when a busy server ended the search early and kept the best result already checked, as output.search. Absent without a search.',
      schema: { type: 'string', enum: ['complete', 'cut short'] },
    },
  },
  content: Object.fromEntries(
    ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'].map((type) => [
      type,
      { schema: { type: 'string', format: 'binary' } },
    ]),
  ),
});

/** What every route may answer (docs/decisions/0233): a key problem, the month spent, a busy moment, a fault of ours. */
const common = {
  '401': errorResponse('Unauthorized: no key, a wrong or revoked key, or a deactivated account'),
  '429': errorResponse("TooManyRequests: the plan's monthly allowance is used up"),
  '503': {
    ...errorResponse('ServiceUnavailable: busy, or too many requests with this key this minute; retry after Retry-After seconds'),
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  },
  '500': errorResponse('InternalServerError: a fault on our side; nothing about it is in the message'),
};

/** The OpenAPI 3.1 description of /api/v1, built from the same zod schemas the routes validate with. */
export function openApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lightpix developer API',
      version: '1.0.0',
      description: 'Compatible with the Tinify (TinyPNG) API: HTTP Basic authentication with user "api" and your key as the password.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'basic' } },
      schemas: {
        Error: jsonSchema(apiErrorSchema, 'output'),
        ShrinkResponse: jsonSchema(shrinkResponseSchema, 'output'),
        ShrinkFromUrl: jsonSchema(shrinkFromUrlSchema, 'input'),
        OutputOptions: jsonSchema(outputOptionsSchema, 'input'),
        Usage: jsonSchema(apiUsageSchema, 'output'),
      },
    },
    paths: {
      '/shrink': {
        post: {
          operationId: 'shrink',
          summary: 'Compress an image sent as the raw request body, or fetched from {"source":{"url"}}',
          requestBody: {
            required: true,
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
              'application/json': { schema: { $ref: '#/components/schemas/ShrinkFromUrl' } },
            },
          },
          responses: {
            '201': {
              description: 'Compressed; Location is the output URL',
              headers: { ...countHeader, Location: { schema: { type: 'string' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ShrinkResponse' } } },
            },
            '400': errorResponse(
              'InputMissing (empty body), BadRequest, SourceUrlRefused (not a public http(s) address), SourceUrlUnreachable (the URL gave no image)',
            ),
            '413': errorResponse('PayloadTooLarge: over 10 MB or too many pixels'),
            '415': errorResponse('UnsupportedMediaType: not an image, or an image format we do not read'),
            '422': errorResponse('DecodeError: a damaged image; Unprocessable: an image too complex to finish in time'),
            ...common,
          },
        },
      },
      '/output/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getOutput',
          summary: 'Download a compressed image (free)',
          responses: {
            '200': imageResponse('The compressed image'),
            '404': errorResponse('NotFound'),
            '410': errorResponse('Gone: past retention'),
            ...common,
          },
        },
        post: {
          operationId: 'transformOutput',
          summary: 'Resize, convert or flatten a compressed image (one compression)',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/OutputOptions' } } } },
          responses: {
            '200': imageResponse('The transformed image'),
            '400': errorResponse('BadRequest (also a transparent image converted to JPEG without a background), StoreNotSupported'),
            '403': errorResponse('Forbidden: a conversion to a format the plan does not include'),
            '404': errorResponse('NotFound'),
            '410': errorResponse('Gone: past retention'),
            '413': errorResponse('PayloadTooLarge: a resize to too many pixels, or options over 64 KB'),
            '422': errorResponse('Unprocessable: too complex to finish in time'),
            ...common,
          },
        },
      },
      '/usage': {
        get: {
          operationId: 'getUsage',
          summary: "This month's compressions and the plan's allowance",
          responses: {
            '200': {
              description: 'Usage',
              headers: countHeader,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Usage' } } },
            },
            ...common,
          },
        },
      },
    },
  };
}
