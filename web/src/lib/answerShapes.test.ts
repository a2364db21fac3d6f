import {
  apiKeysResponseSchema,
  apiServersSchema,
  billingAccountSchema,
  createdApiKeySchema,
  dataExportStatusSchema,
  contactInfoSchema,
  currentUserSchema,
  historyResponseSchema,
  imageRecordSchema,
  noContentSchema,
  plansResponseSchema,
  sessionResponseSchema,
  statsResponseSchema,
} from '@lightpix/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiKeysShape,
  apiServersShape,
  billingAccountShape,
  createdApiKeyShape,
  dataExportStatusShape,
  contactInfoShape,
  currentUserShape,
  historyShape,
  imageRecordShape,
  misfit,
  noContentShape,
  plansShape,
  sessionShape,
  signedInOrNullShape,
  statsShape,
  type Spec,
} from './answerShapes';

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string>;
}

/** The shape a zod schema describes, in answerShapes' terms; anything the shapes cannot say fails the test. */
function specOf(schema: z.ZodType): Spec {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return def.type;
    case 'enum':
      return { enum: Object.values(def.entries!) };
    case 'nullable':
      return { nullable: specOf(def.innerType!) };
    case 'optional':
      return { optional: specOf(def.innerType!) };
    case 'array':
      return { array: specOf(def.element!) };
    case 'object':
      return { object: Object.fromEntries(Object.entries(def.shape!).map(([field, inner]) => [field, specOf(inner)])) };
    default:
      throw new Error(`answerShapes has no word for a zod ${def.type}`);
  }
}

const pairs = [
  ['GET /api/auth/user', signedInOrNullShape, currentUserSchema.nullable()],
  ['a signed-in user', currentUserShape, currentUserSchema],
  ['the session', sessionShape, sessionResponseSchema],
  ['the plans', plansShape, plansResponseSchema],
  ['a result', imageRecordShape, imageRecordSchema],
  ['a page of results', historyShape, historyResponseSchema],
  ['the landing figures', statsShape, statsResponseSchema],
  ['the contact details', contactInfoShape, contactInfoSchema],
  ['the billing account', billingAccountShape, billingAccountSchema],
  ['the API keys', apiKeysShape, apiKeysResponseSchema],
  ['a key just made', createdApiKeyShape, createdApiKeySchema],
  ["the API's address", apiServersShape, apiServersSchema],
  ['the data export', dataExportStatusShape, dataExportStatusSchema],
  ['no content', noContentShape, noContentSchema],
] as const;

const record = {
  id: 'r1',
  originalName: 'photo.jpg',
  originalSize: 2000,
  processedSize: 1000,
  status: 'completed',
  objectPath: 'a/b.jpg',
  format: 'jpeg',
  width: 10,
  height: 10,
  quality: 75,
  alreadyOptimal: false,
  smart: false,
  search: null,
  similarity: 0.98,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  kind: 'image',
  report: null,
};

describe('answer shapes (the first screen checks its answers without zod, decision 0283)', () => {
  it.each(pairs)('%s: the same fields, types, enums, nulls and absences as the shared schema', (_name, shape, schema) => {
    expect(shape.spec).toEqual(specOf(schema));
  });

  it('passes an answer the schema passes, as it came', () => {
    const page = { items: [record, { ...record, id: 'r2', batchId: null, folder: 'Holiday' }], nextCursor: null };
    expect(historyResponseSchema.safeParse(page).success).toBe(true);
    expect(historyShape.parse(page)).toBe(page);
    expect(signedInOrNullShape.parse(null)).toBeNull();
    expect(noContentShape.parse(undefined)).toBeUndefined();
  });

  it('throws, as a schema does, on an answer the UI could not read, and says where', () => {
    const cases: [Spec, unknown, string][] = [
      [historyShape.spec, { items: [{ ...record, width: '10' }], nextCursor: null }, 'answer.items[0].width: number'],
      [historyShape.spec, { items: [{ ...record, status: 'lost' }], nextCursor: null }, 'answer.items[0].status: one of'],
      [historyShape.spec, { items: {}, nextCursor: null }, 'answer.items: array'],
      [
        sessionShape.spec,
        { ...{ id: 's', guestSessionId: null, tier: 'guest', imagesProcessed: 0, nextImageAt: null } },
        'answer.maxImages: number',
      ],
      [sessionShape.spec, null, 'answer: object'],
      [statsShape.spec, { imagesProcessed: Number.NaN, users: 1, uptimePercent: null, uptimeDays: 1 }, 'answer.imagesProcessed: number'],
      [noContentShape.spec, {}, 'answer: undefined'],
    ];
    for (const [spec, answer, problem] of cases) expect(misfit(spec, answer)).toContain(problem);
    expect(() => historyShape.parse({ items: 'none', nextCursor: null })).toThrow(/Unexpected answer/);
  });
});
