import { z } from 'zod';
import { searchOutcomeSchema } from './images.js';

export const createApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name.').max(60, 'At most 60 characters.'),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** The answer to POST /api/keys: the only time the key itself is ever sent. */
export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  last4: z.string(),
  createdAt: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  last4: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Compressions made with this key in the current calendar month (UTC). */
  usedThisMonth: z.number().int().nonnegative(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysResponseSchema = z.object({
  keys: z.array(apiKeySchema),
  maxKeys: z.number().int().positive(),
});
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

// The Tinify-compatible API (/api/v1): the same shapes Tinify's clients send and read.

/** A JSON body for POST /shrink: the image is fetched from a public http(s) address (docs/decisions/0135). */
export const shrinkFromUrlSchema = z.object({ source: z.object({ url: z.string().min(1).max(2048) }) });

export const shrinkResponseSchema = z.object({
  input: z.object({ size: z.number().int(), type: z.string() }),
  output: z.object({
    size: z.number().int(),
    type: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** Output size divided by input size. */
    ratio: z.number(),
    url: z.string(),
    /** 'cut short' when the search reached its time limit and returned the best result already verified at the same look. */
    search: searchOutcomeSchema,
    /** How like the original the output looks: SSIM from 0 to 1 in colour at page size (at most 1600 px), as the engine measured it. */
    similarity: z.number().nullable(),
  }),
});
export type ShrinkResponse = z.infer<typeof shrinkResponseSchema>;

export const apiImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** A type a client may ask for: Tinify's clients also send 'image/jpg', which is 'image/jpeg'. */
const convertType = z.enum([...apiImageTypes, 'image/jpg', '*/*']).transform((type) => (type === 'image/jpg' ? 'image/jpeg' : type));

const dimension = z.number().int().min(1).max(10_000);

/** POST /output/:id: what to do to a compressed image before it is sent back. */
export const outputOptionsSchema = z.object({
  resize: z
    .object({
      method: z.enum(['scale', 'fit', 'cover', 'thumb']).default('scale'),
      width: dimension.optional(),
      height: dimension.optional(),
    })
    .superRefine((resize, context) => {
      const sides = Number(resize.width !== undefined) + Number(resize.height !== undefined);
      if (resize.method === 'scale' && sides !== 1) {
        context.addIssue({ code: 'custom', message: "The 'scale' method takes either a width or a height, not both." });
      }
      if (resize.method !== 'scale' && sides !== 2) {
        context.addIssue({ code: 'custom', message: `The '${resize.method}' method needs both a width and a height.` });
      }
    })
    .optional(),
  convert: z
    .object({
      type: z.union([convertType, z.array(convertType).min(1)]),
    })
    .optional(),
  transform: z
    .object({
      background: z.string().regex(/^(white|black|#[0-9a-fA-F]{6})$/, "The background is 'white', 'black' or a hex colour like #ff0000."),
    })
    .optional(),
  preserve: z.array(z.enum(['copyright', 'creation', 'location'])).optional(),
  /** Tinify's upload to S3 or Google Cloud; refused with a message here. */
  store: z.unknown().optional(),
});
export type OutputOptions = z.infer<typeof outputOptionsSchema>;

export const apiUsageSchema = z.object({
  /** Compressions counted against the plan this month (UTC), on the web and through the API. */
  compressionCount: z.number().int().nonnegative(),
  /** The plan's monthly allowance; null is unlimited. */
  limit: z.number().int().nonnegative().nullable(),
  tier: z.enum(['registered', 'premium']),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;

/** The part of /api/v1/openapi.json that names the API's public address (PUBLIC_URL, or the request's forwarded origin). */
export const apiServersSchema = z.object({ servers: z.array(z.object({ url: z.string() })).min(1) });

/** Every API error, in Tinify's shape: a name clients branch on and a message people read. */
export const apiErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
