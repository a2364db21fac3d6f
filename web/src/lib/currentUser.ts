import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type CurrentUser } from '@lightpix/shared';
import { apiGet } from './api';
import { signedInOrNullShape } from './answerShapes';
import { queryKeys } from './queryKeys';

/** GET /api/auth/user: the signed-in user, or null when signed out (200 null, docs/decisions/0055). No retry. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: () => apiGet(apiPaths.currentUser, signedInOrNullShape),
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** How the interface greets a user: the first name, else the e-mail. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return user.firstName.trim() || user.email;
}
