import {
  apiPaths,
  contactInfoSchema,
  currentUserSchema,
  plansResponseSchema,
  sessionResponseSchema,
  statsResponseSchema,
} from '@lightpix/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { queryKeys } from './queryKeys';

/** GET answers by path, as the server read them to render a landing page (docs/decisions/0125). */
export type ServerAnswers = Record<string, unknown>;

/** The reads a landing page is rendered with on the server: the visitor's own (who, what is left) and the plans, figures and contact details. */
export const landingReads: readonly { path: string; key: QueryKey; schema: z.ZodType }[] = [
  { path: apiPaths.currentUser, key: queryKeys.currentUser, schema: currentUserSchema.nullable() },
  { path: apiPaths.session, key: queryKeys.session, schema: sessionResponseSchema },
  { path: apiPaths.plans, key: queryKeys.plans, schema: plansResponseSchema },
  { path: apiPaths.stats, key: queryKeys.stats, schema: statsResponseSchema },
  { path: apiPaths.contactInfo, key: queryKeys.contactInfo, schema: contactInfoSchema },
];

/** Puts the server's answers in the query cache, checked as the API client checks them, so the first render matches the server's. */
export function seedQueries(client: QueryClient, answers: ServerAnswers): void {
  for (const read of landingReads) {
    if (!(read.path in answers)) continue;
    const parsed = read.schema.safeParse(answers[read.path]);
    if (parsed.success) client.setQueryData(read.key, parsed.data);
  }
}

/** The id of the script element that carries the answers in a server-rendered page. */
export const SERVER_ANSWERS_ID = 'server-answers';
