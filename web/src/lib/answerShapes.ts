import type {
  ApiKeysResponse,
  BillingAccount,
  CreatedApiKey,
  DataExportStatus,
  ContactInfo,
  CurrentUser,
  HistoryResponse,
  ImageRecord,
  PlansResponse,
  SessionResponse,
  StatsResponse,
} from '@lightpix/shared';
import type { AnswerCheck } from './api';

/**
 * The shape of an answer the first screen reads, written as data: which fields, of which JSON type,
 * which may be null or absent. It mirrors the shared zod schema of the same answer field for field
 * (answerShapes.test.ts compares the two), so the app checks these answers without loading zod
 * (docs/decisions/0283). Ranges (whole numbers, minimums) are the schema's and the server's to keep.
 */
export type Spec =
  | 'string'
  | 'number'
  | 'boolean'
  | 'undefined'
  | { readonly enum: readonly string[] }
  | { readonly nullable: Spec }
  | { readonly optional: Spec }
  | { readonly array: Spec }
  | { readonly object: { readonly [field: string]: Spec } };

/** Where an answer first differs from its shape, as `path: expected`; null when it fits. */
export function misfit(spec: Spec, value: unknown, path = 'answer'): string | null {
  if (typeof spec === 'string') return typeof value === spec && (spec !== 'number' || Number.isFinite(value)) ? null : `${path}: ${spec}`;
  if ('nullable' in spec) return value === null ? null : misfit(spec.nullable, value, path);
  if ('optional' in spec) return value === undefined ? null : misfit(spec.optional, value, path);
  if ('enum' in spec) return spec.enum.includes(value as string) ? null : `${path}: one of ${spec.enum.join(', ')}`;
  if ('array' in spec) {
    if (!Array.isArray(value)) return `${path}: array`;
    for (const [index, item] of value.entries()) {
      const problem = misfit(spec.array, item, `${path}[${index}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${path}: object`;
  for (const [field, fieldSpec] of Object.entries(spec.object)) {
    const problem = misfit(fieldSpec, (value as Record<string, unknown>)[field], `${path}.${field}`);
    if (problem) return problem;
  }
  return null;
}

/** An answer check (lib/api.ts) from a shape; an answer that does not fit throws, as a schema's parse does. */
export interface Shape<T> extends AnswerCheck<T> {
  readonly spec: Spec;
}

function shape<T>(spec: Spec): Shape<T> {
  return {
    spec,
    parse(value) {
      const problem = misfit(spec, value);
      if (problem) throw new TypeError(`Unexpected answer from the server (${problem})`);
      return value as T;
    },
  };
}

const string = 'string';
const number = 'number';
const boolean = 'boolean';
const nullable = (spec: Spec): Spec => ({ nullable: spec });
const tier = { enum: ['guest', 'registered', 'premium'] } as const;
const outputFormat = { enum: ['jpeg', 'png', 'webp', 'avif'] } as const;

const currentUser: Spec = {
  object: {
    id: string,
    username: string,
    email: string,
    firstName: string,
    lastName: string,
    tier,
    isAdmin: boolean,
    confirmEmail: boolean,
  },
};

const plan: Spec = {
  object: {
    tier,
    maxImages: nullable(number),
    window: { enum: ['rolling-24h', 'calendar-month'] },
    filesPerSelection: number,
    maxImageBytes: number,
    maxPresentationBytes: number,
    outputFormats: { array: outputFormat },
    powerpoint: boolean,
    history: boolean,
    ads: { enum: ['yes', 'fewer', 'none'] },
    priceEurCents: number,
  },
};

const deckReport: Spec = {
  object: {
    target: { enum: ['screen', 'print', 'smallest'] },
    convertedFromPpt: boolean,
    pictures: number,
    resized: number,
    recompressed: number,
    converted: number,
    leftAlone: number,
    linked: number,
    vector: number,
    audioVideo: number,
    unusedDropped: number,
  },
};

const imageRecord: Spec = {
  object: {
    id: string,
    originalName: string,
    originalSize: number,
    processedSize: number,
    status: { enum: ['processing', 'completed', 'failed', 'expired'] },
    objectPath: nullable(string),
    format: string,
    width: number,
    height: number,
    quality: number,
    alreadyOptimal: boolean,
    smart: boolean,
    search: nullable({ enum: ['complete', 'cut short'] }),
    similarity: nullable(number),
    createdAt: string,
    expiresAt: string,
    batchId: { optional: nullable(string) },
    folder: { optional: nullable(string) },
    kind: { enum: ['image', 'deck'] },
    report: nullable(deckReport),
  },
};

/** GET /api/auth/user: the signed-in user, or null. */
export const signedInOrNullShape = shape<CurrentUser | null>(nullable(currentUser));
/** A sign-in's or sign-up's answer. */
export const currentUserShape = shape<CurrentUser>(currentUser);
export const sessionShape = shape<SessionResponse>({
  object: {
    id: string,
    guestSessionId: nullable(string),
    tier,
    imagesProcessed: number,
    maxImages: nullable(number),
    nextImageAt: nullable(string),
  },
});
export const plansShape = shape<PlansResponse>({
  object: {
    plans: { array: plan },
    retentionHours: number,
    retention: { object: { contactMessagesDays: number, auditDays: number, usageDays: number } },
    paymentsAvailable: boolean,
    operator: {
      object: {
        name: nullable(string),
        address: nullable(string),
        email: nullable(string),
        companyNumber: nullable(string),
        supervisoryAuthority: nullable(string),
      },
    },
  },
});
export const imageRecordShape = shape<ImageRecord>(imageRecord);
/** One page of results or history. */
export const historyShape = shape<HistoryResponse>({ object: { items: { array: imageRecord }, nextCursor: nullable(string) } });
export const statsShape = shape<StatsResponse>({
  object: { imagesProcessed: number, users: number, uptimePercent: nullable(number), uptimeDays: number },
});
export const contactInfoShape = shape<ContactInfo>({ object: { supportEmail: nullable(string), emailConfigured: boolean } });
/** GET /api/subscription: every signed-in page's banner reads it (a renewal that failed). */
export const billingAccountShape = shape<BillingAccount>({
  object: {
    tier,
    complimentary: boolean,
    priceEurCents: number,
    paymentsAvailable: boolean,
    portalAvailable: boolean,
    subscription: nullable({ object: { status: string, currentPeriodEnd: nullable(string), cancelAtPeriodEnd: boolean } }),
  },
});
/** /account and /developers: the user's API keys. */
export const apiKeysShape = shape<ApiKeysResponse>({
  object: {
    keys: {
      array: {
        object: { id: string, name: string, last4: string, createdAt: string, lastUsedAt: nullable(string), usedThisMonth: number },
      },
    },
    maxKeys: number,
  },
});
/** A key just made, shown once. */
export const createdApiKeyShape = shape<CreatedApiKey>({
  object: { id: string, name: string, key: string, last4: string, createdAt: string },
});
/** /developers: the API's public address from its OpenAPI document (the schema also asks for at least one). */
export const apiServersShape = shape<{ servers: { url: string }[] }>({ object: { servers: { array: { object: { url: string } } } } });
/** /account: the newest data export. */
export const dataExportStatusShape = shape<DataExportStatus>({
  object: {
    export: nullable({
      object: {
        id: string,
        status: { enum: ['queued', 'running', 'ready', 'failed'] },
        progress: number,
        createdAt: string,
        expiresAt: string,
        downloadPath: nullable(string),
        size: nullable(number),
      },
    }),
    keptHours: number,
  },
});
/** 204 No Content: no body at all. */
export const noContentShape = shape<undefined>('undefined');
