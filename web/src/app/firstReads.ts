import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '#lib/currentUser';
import { plansQuery, sessionQuery } from '../features/session/api';

/** A slow answer does not hold the page longer than this: it then renders with its loading states. */
const WAIT_AT_MOST_MS = 3000;

/**
 * The reads nearly every page shows (who is signed in, the session's allowance, the plans), asked for
 * as the app starts, beside its texts, so the first render already has them and nothing moves when
 * they arrive (docs/decisions/0218).
 */
export async function readFirst(client: QueryClient): Promise<void> {
  const reads = Promise.all([client.prefetchQuery(currentUserQuery), client.prefetchQuery(sessionQuery), client.prefetchQuery(plansQuery)]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([reads, new Promise((resolve) => (timer = setTimeout(resolve, WAIT_AT_MOST_MS)))]);
  clearTimeout(timer);
}
