import { apiPaths } from '@lightpix/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { contactInfoShape, misfit, plansShape, sessionShape, signedInOrNullShape, statsShape, type Shape } from './answerShapes';
import { queryKeys } from './queryKeys';

/** GET answers by path, as the server read them to render a landing page (docs/decisions/0125). */
export type ServerAnswers = Record<string, unknown>;

/** The reads a landing page is rendered with on the server: the visitor's own (who, what is left) and the plans, figures and contact details. */
export const landingReads: readonly { path: string; key: QueryKey; shape: Shape<unknown> }[] = [
  { path: apiPaths.currentUser, key: queryKeys.currentUser, shape: signedInOrNullShape },
  { path: apiPaths.session, key: queryKeys.session, shape: sessionShape },
  { path: apiPaths.plans, key: queryKeys.plans, shape: plansShape },
  { path: apiPaths.stats, key: queryKeys.stats, shape: statsShape },
  { path: apiPaths.contactInfo, key: queryKeys.contactInfo, shape: contactInfoShape },
];

/** Puts the server's answers in the query cache, checked as the API client checks them, so the first render matches the server's. */
export function seedQueries(client: QueryClient, answers: ServerAnswers): void {
  for (const read of landingReads) {
    if (!(read.path in answers)) continue;
    const answer = answers[read.path];
    if (misfit(read.shape.spec, answer) === null) client.setQueryData(read.key, answer);
  }
}

/** The id of the script element that carries the answers in a server-rendered page. */
export const SERVER_ANSWERS_ID = 'server-answers';
